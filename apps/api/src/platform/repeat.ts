/**
 * Runs `work` now and every `everyMs`, each pass starting after the previous one ended (a slow pass delays the
 * next rather than overlapping it); what a pass throws goes to `onError` and the next pass still runs. `work`
 * is told whether a stop was asked, to end early. Returns the stop: no new pass starts, and it waits for the one
 * under way.
 */
export function repeatEvery(
  everyMs: number,
  work: (stopped: () => boolean) => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let stopping = false;
  const stopped = () => stopping;
  let pass: Promise<unknown> = Promise.resolve();
  const run = () => {
    pass = pass.then(() => (stopping ? undefined : work(stopped))).catch(onError);
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    stopping = true;
    clearInterval(timer);
    await pass;
  };
}

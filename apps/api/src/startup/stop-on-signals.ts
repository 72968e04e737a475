import type { LogOutput } from './log-output';
import type { RunningServer } from './start-server';

/**
 * The same signal again within this long is the first one delivered twice, not a second request: `npm start`
 * forwards to the server the SIGTERM or SIGINT (Ctrl+C) that its process group, the server included, already got.
 */
const REPEAT_WINDOW_MS = 1000;
/** How long the last log lines may take to leave before the process exits without them. */
const LAST_LINES_MS = 500;

/**
 * SIGTERM or SIGINT stop the server gracefully: no new connections, requests in flight finish (a request
 * arriving on an open connection meanwhile gets 503), jobs end as interrupted, background work stops, the
 * pool closes, exit 0. If that takes longer than `graceMs`, or a second signal comes, the process exits 1.
 * The log never holds the exit up (log-output.ts): its last lines get LAST_LINES_MS.
 */
export function stopOnSignals(server: RunningServer, graceMs: number, output: LogOutput): void {
  const log = server.app.log;
  let first: { signal: string; at: number } | undefined;
  let exiting = false;
  const exit = async (code: number) => {
    if (exiting) return;
    exiting = true;
    await output.flushed(LAST_LINES_MS);
    process.exit(code);
  };
  const stop = async (signal: string) => {
    if (first) {
      if (signal === first.signal && Date.now() - first.at < REPEAT_WINDOW_MS) return;
      log.error(`${signal} while stopping: exiting now`);
      return exit(1);
    }
    first = { signal, at: Date.now() };
    log.info(`${signal}: stopping; requests in flight have ${graceMs / 1000} s to finish`);
    setTimeout(() => {
      log.error(`still stopping after ${graceMs / 1000} s: exiting with work unfinished`);
      void exit(1);
    }, graceMs);
    try {
      await server.close();
      log.info('stopped');
      await exit(0);
    } catch (error) {
      log.error({ err: error }, 'stopping failed');
      await exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
}

import type { LogOutput } from './log-output';
import { startLog } from './start-log';
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
 *
 * Listening starts before the start does (server.ts): a signal while the server is still starting lets the step
 * in hand finish (a migration is not cut in half, the embedded database's folder is released by the stop) and stops
 * the server as soon as it is up, within the same `graceMs`. The returned function hands it the started server.
 */
export function stopOnSignals(graceMs: number, output: LogOutput): (server: RunningServer) => void {
  let server: RunningServer | undefined;
  let first: { signal: string; at: number } | undefined;
  let exiting = false;
  const say = (level: 'info' | 'error', msg: string) =>
    server ? server.app.log[level](msg) : startLog({ level: level === 'error' ? 'fatal' : 'info', msg });
  const exit = async (code: number) => {
    if (exiting) return;
    exiting = true;
    await output.flushed(LAST_LINES_MS);
    process.exit(code);
  };
  const close = async (running: RunningServer) => {
    try {
      await running.close();
      running.app.log.info('stopped');
      await exit(0);
    } catch (error) {
      running.app.log.error({ err: error }, 'stopping failed');
      await exit(1);
    }
  };
  const stop = (signal: string) => {
    if (first) {
      if (signal === first.signal && Date.now() - first.at < REPEAT_WINDOW_MS) return;
      say('error', `${signal} while stopping: exiting now`);
      return void exit(1);
    }
    first = { signal, at: Date.now() };
    say(
      'info',
      server
        ? `${signal}: stopping; requests in flight have ${graceMs / 1000} s to finish`
        : `${signal} while starting: stopping once started, within ${graceMs / 1000} s`,
    );
    setTimeout(() => {
      say('error', `still stopping after ${graceMs / 1000} s: exiting with work unfinished`);
      void exit(1);
    }, graceMs);
    if (server) void close(server);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
  return (started) => {
    server = started;
    if (first) void close(started);
  };
}

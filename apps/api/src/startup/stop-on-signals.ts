import type { RunningServer } from './start-server';

/**
 * SIGTERM or SIGINT stop the server gracefully: no new connections, requests in flight finish (a request
 * arriving on an open connection meanwhile gets 503), jobs end as interrupted, background work stops, the
 * pool closes, exit 0. If that takes longer than `graceMs`, or a second signal comes, the process exits 1.
 */
export function stopOnSignals(server: RunningServer, graceMs: number): void {
  const log = server.app.log;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.error(`${signal} while stopping: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: stopping; requests in flight have ${graceMs / 1000} s to finish`);
    setTimeout(() => {
      log.error(`still stopping after ${graceMs / 1000} s: exiting with work unfinished`);
      process.exit(1);
    }, graceMs).unref();
    try {
      await server.close();
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
}

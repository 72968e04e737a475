import type { Writable } from 'node:stream';

/** Most bytes of log lines left waiting for a slow reader of the output; further lines are dropped, counted. */
const MOST_WAITING_BYTES = 8 * 1024 * 1024;

/**
 * Where the server's log lines go (stdout), written so that the log never decides whether the process lives:
 * a reader that has gone (EPIPE) or any other failed write ends the log output (later lines are dropped, the
 * process serves and stops as it would), and a reader too slow gets at most MOST_WAITING_BYTES queued, the
 * lines beyond dropped and then counted in a warning line. Nothing is flushed synchronously at exit: pino's own
 * stdout destination does (sonic-boom 4's flushSync), retrying a write to a reader that is gone for ever.
 */
export interface LogOutput {
  write(line: string): void;
  /** Resolves once every line written so far is out, or after `ms` when the output does not take them. */
  flushed(ms: number): Promise<void>;
}

export function logOutput(stream: Writable): LogOutput {
  let broken = false;
  let dropped = 0;
  let inFlight = 0;
  const whenIdle: (() => void)[] = [];
  const written = () => {
    inFlight--;
    if (inFlight === 0) for (const resolve of whenIdle.splice(0)) resolve();
  };
  // A reader that has gone, a full disk: no crash on an unhandled 'error' event, no more writes.
  stream.on('error', () => {
    broken = true;
  });
  const send = (text: string) => {
    inFlight++;
    stream.write(text, written);
  };
  return {
    write(line) {
      if (broken) return;
      if (stream.writableLength > MOST_WAITING_BYTES) {
        dropped++;
        return;
      }
      if (dropped > 0) {
        send(`${droppedLine(dropped)}\n`);
        dropped = 0;
      }
      send(line);
    },
    flushed(ms) {
      if (broken || inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        whenIdle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/** A pino-shaped warning, so that the log stays one JSON object a line. */
function droppedLine(count: number): string {
  return JSON.stringify({
    level: 40,
    time: Date.now(),
    pid: process.pid,
    msg: `${count} log lines dropped: the log output did not take them fast enough`,
  });
}

let stdout: LogOutput | undefined;

/** The process's one log output on stdout. */
export function stdoutLogOutput(): LogOutput {
  stdout ??= logOutput(process.stdout);
  return stdout;
}

import { hostname } from 'node:os';
import { serializeError } from '../platform/log/serialize-error';
import { SettingsError } from '../platform/settings/setting';
import { stdoutLogOutput } from './log-output';

/** pino's numbers for the levels a start writes. */
const LEVELS = { info: 30, warn: 40, fatal: 60 } as const;

/** Where the lines go: the process's log output and stderr unless a test gives others. */
export interface StartLogStreams {
  log: { write(line: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
}

export interface StartLine {
  level: keyof typeof LEVELS;
  msg: string;
  /** Fields of the JSON line besides pino's own. */
  fields?: Record<string, unknown>;
  /** What a person at a terminal reads instead of the JSON (default: msg). */
  readable?: string;
}

/**
 * A line of the start itself (the banner, a wait for the database, a start refused), written before or beside the
 * app's logger: a JSON line on stdout as pino writes the server's other lines, so a log collector reads them all;
 * and its readable form on stderr when stderr is a terminal (docs/operations.md, "Health, metrics and logs").
 */
export function startLog(
  line: StartLine,
  streams: StartLogStreams = { log: stdoutLogOutput(), stderr: process.stderr },
): void {
  const { level, msg, fields = {}, readable = msg } = line;
  const json = {
    level: LEVELS[level],
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    ...fields,
    msg,
  };
  streams.log.write(`${JSON.stringify(json)}\n`);
  if (streams.stderr.isTTY) streams.stderr.write(`${readable}\n`);
}

/**
 * A start that failed, as its one fatal line: the variables it could not take (`settings`; on a terminal one per
 * line), or the error (`err`).
 */
export function logStartFailure(error: unknown, streams?: StartLogStreams): void {
  const msg = `The server did not start: ${(error as Error).message}`;
  if (error instanceof SettingsError) {
    const readable = [
      'The server did not start:',
      ...error.problems.map((problem) => `  ${problem.message}`),
    ];
    const settings = error.problems.map((problem) => problem.name);
    startLog({ level: 'fatal', msg, fields: { settings }, readable: readable.join('\n') }, streams);
  } else startLog({ level: 'fatal', msg, fields: { err: serializeError(error as Error) } }, streams);
}

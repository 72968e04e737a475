import { describe, expect, it } from 'vitest';
import { SettingsError } from '../platform/settings/setting';
import { logStartFailure, type StartLogStreams, startLog } from './start-log';

/** Streams that keep what is written: the log's lines, and stderr's text (a terminal or not). */
function streams(terminal: boolean) {
  const log: string[] = [];
  const stderr: string[] = [];
  const to: StartLogStreams = {
    log: { write: (line) => log.push(line) },
    stderr: { write: (text) => stderr.push(text), isTTY: terminal },
  };
  return { to, json: () => log.map((line) => JSON.parse(line)), stderr };
}

describe('a line of the start', () => {
  it('is one pino-shaped JSON line, its readable form kept for a terminal', () => {
    const out = streams(false);
    startLog(
      { level: 'info', msg: 'running', fields: { url: 'http://x' }, readable: '\n  running\n' },
      out.to,
    );
    expect(out.json()).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        url: 'http://x',
        msg: 'running',
      },
    ]);
    expect(out.stderr).toEqual([]);
  });

  it('is also written readably on stderr when stderr is a terminal', () => {
    const out = streams(true);
    startLog({ level: 'warn', msg: 'waiting', readable: 'waiting…' }, out.to);
    expect(out.json()).toMatchObject([{ level: 40, msg: 'waiting' }]);
    expect(out.stderr).toEqual(['waiting…\n']);
  });
});

describe('a start that failed', () => {
  it('names the settings it could not take, one a line on a terminal', () => {
    const out = streams(true);
    const port = 'PORT must be a whole number from 0 to 65535, got "abc"';
    const metrics = 'METRICS must be true or false (or 1/0, yes/no, on/off), got "yess"';
    const problems = [
      { name: 'PORT', message: port },
      { name: 'METRICS', message: metrics },
    ];
    logStartFailure(new SettingsError(problems), out.to);
    expect(out.json()).toMatchObject([
      { level: 60, settings: ['PORT', 'METRICS'], msg: `The server did not start: ${port}; ${metrics}` },
    ]);
    expect(out.stderr).toEqual([`The server did not start:\n  ${port}\n  ${metrics}\n`]);
  });

  it('carries any other error as pino does', () => {
    const out = streams(false);
    logStartFailure(new Error('cannot connect to the database at db:5432/app: timeout'), out.to);
    expect(out.json()).toMatchObject([
      {
        level: 60,
        err: { type: 'Error', message: 'cannot connect to the database at db:5432/app: timeout' },
        msg: 'The server did not start: cannot connect to the database at db:5432/app: timeout',
      },
    ]);
  });
});

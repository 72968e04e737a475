import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logOutput } from './log-output';

/** A reader that takes nothing until `release()`, then everything. */
function stalledReader() {
  const taken: string[] = [];
  let waiting: (() => void)[] = [];
  let open = false;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      taken.push(String(chunk));
      if (open) done();
      else waiting.push(done);
    },
  });
  const release = () => {
    open = true;
    for (const done of waiting) done();
    waiting = [];
  };
  return { stream, taken, release };
}

describe('the log output', () => {
  it('ends at the first failed write: later lines are dropped, nothing throws, nothing waits', async () => {
    const stream = new Writable({
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const output = logOutput(stream);
    output.write('{"msg":"first"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(() => output.write('{"msg":"second"}\n')).not.toThrow();
    const started = Date.now();
    await output.flushed(5000);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('queues at most 8 MB for a reader that does not read, then drops and counts the lines', async () => {
    const reader = stalledReader();
    const output = logOutput(reader.stream);
    const line = `${'x'.repeat(1024 * 1024 - 1)}\n`;
    for (let i = 0; i < 12; i++) output.write(line);
    const started = Date.now();
    await output.flushed(100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);

    reader.release();
    await output.flushed(1000);
    output.write('{"msg":"after"}\n');
    await output.flushed(1000);
    const lines = reader.taken.join('').split('\n').filter(Boolean);
    expect(lines.filter((text) => text.startsWith('x'))).toHaveLength(9);
    expect(JSON.parse(lines.at(-2)!)).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/^3 log lines dropped/),
    });
    expect(lines.at(-1)).toBe('{"msg":"after"}');
  });
});

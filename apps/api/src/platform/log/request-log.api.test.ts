import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';

let database: Database;
let app: FastifyInstance;
const lines: Array<Record<string, unknown>> = [];
const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    db: database.db,
    config: { ...testConfig(), logLevel: 'info', slowRequestMs: 200 },
    logStream: { write: (line: string) => lines.push(JSON.parse(line)) },
  });
  app.get('/test/quiet', async () => ({ ok: true }));
  app.get('/test/slow', async () => {
    await new Promise((r) => setTimeout(r, 250));
    return { ok: true };
  });
  app.get('/test/warns', async (req) => {
    req.log.warn('something odd');
    return { ok: true };
  });
  app.post('/test/write', async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (method: 'GET' | 'POST', url: string, id: string) =>
  app.inject({ method, url, headers: { 'x-request-id': id } });

describe('request log lines', () => {
  it('writes none for a read that succeeds quickly and quietly', async () => {
    expect((await call('GET', '/test/quiet', 'quiet-1')).statusCode).toBe(200);
    expect((await call('GET', '/healthz', 'quiet-2')).statusCode).toBe(200);
    expect(linesOf('quiet-1')).toEqual([]);
    expect(linesOf('quiet-2')).toEqual([]);
  });

  it('writes both lines for every write', async () => {
    expect((await call('POST', '/test/write', 'write-1')).statusCode).toBe(200);
    expect(linesOf('write-1')).toMatchObject([
      { msg: 'incoming request', level: 30, req: { method: 'POST', url: '/test/write' } },
      { msg: 'request completed', level: 30, res: { statusCode: 200 } },
    ]);
  });

  it('writes both lines for a read that fails', async () => {
    expect((await call('GET', '/api/user/info', 'refused-1')).statusCode).toBe(401);
    expect((await call('GET', '/api/no-such-route', 'missing-1')).statusCode).toBe(404);
    expect(linesOf('refused-1')).toMatchObject([
      { msg: 'incoming request', req: { method: 'GET', url: '/api/user/info' } },
      { msg: 'request completed', res: { statusCode: 401 } },
    ]);
    expect(linesOf('missing-1').map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('writes both lines, the last a warning, for a slow read', async () => {
    expect((await call('GET', '/test/slow', 'slow-1')).statusCode).toBe(200);
    const mine = linesOf('slow-1');
    expect(mine).toMatchObject([
      { msg: 'incoming request', level: 30, req: { url: '/test/slow' } },
      { msg: 'request completed', level: 40, slow: true, res: { statusCode: 200 } },
    ]);
    expect(mine[1]?.responseTime).toBeGreaterThanOrEqual(200);
  });

  it("puts a read's arrival line before the first line it writes itself, and its completion after", async () => {
    expect((await call('GET', '/test/warns', 'warns-1')).statusCode).toBe(200);
    expect(linesOf('warns-1').map((line) => line.msg)).toEqual([
      'incoming request',
      'something odd',
      'request completed',
    ]);
  });
});

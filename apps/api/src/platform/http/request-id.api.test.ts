import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let database: Database;
let app: FastifyInstance;
/** Every log line the app writes, parsed. */
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    db: database.db,
    config: { ...testConfig(), logLevel: 'info' },
    logStream: { write: (line: string) => lines.push(JSON.parse(line)) },
  });
  app.get('/test/failure', async () => {
    throw new Error('the handler broke');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request ids', () => {
  it("keeps the caller's x-request-id and answers it back", async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'shop-42.retry:1' } });
    expect(res.headers['x-request-id']).toBe('shop-42.retry:1');
  });

  it('makes a fresh id when none or an unusable one is sent', async () => {
    const none = await app.inject({ url: '/healthz' });
    expect(none.headers['x-request-id']).toMatch(UUID);
    for (const bad of ['two words', 'x'.repeat(129), 'a\u00e9b', '']) {
      const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], JSON.stringify(bad)).toMatch(UUID);
    }
  });

  it("puts the id on every log line of the request, the failure's error line included", async () => {
    const res = await app.inject({ url: '/test/failure', headers: { 'x-request-id': 'trace-failure-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 500, data: null });
    expect(res.headers['x-request-id']).toBe('trace-failure-1');
    const mine = lines.filter((line) => line.reqId === 'trace-failure-1');
    const error = mine.find((line) => line.level === 50);
    expect(error?.err).toMatchObject({ message: 'the handler broke' });
    expect(mine.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    const errorLines = lines.filter((line) => (line.level as number) >= 50);
    expect(errorLines.every((line) => typeof line.reqId === 'string')).toBe(true);
  });
});

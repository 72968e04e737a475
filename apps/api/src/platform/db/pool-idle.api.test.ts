import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase, type ServerDatabase } from '../../test/test-database';
import { type Database, openDatabase, queryRows } from './client';

/**
 * A used connection stays open through a pause in the traffic (DB_POOL_IDLE_MS, ten minutes by default): a new one
 * is a new PostgreSQL process, several times slower at its first heavy reads. PostgreSQL only.
 */
describe.skipIf(!process.env.DATABASE_URL)('the pool of connections', () => {
  let server: ServerDatabase;
  const opened: Database[] = [];
  beforeAll(async () => {
    server = await createServerDatabase(process.env.DATABASE_URL!);
  });
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await server?.drop();
  });

  /** The server process answering a first statement, then another one after `pauseMs` unused. */
  async function backendsAround(pauseMs: number, poolIdleMs?: number): Promise<[number, number]> {
    const database = openDatabase({ url: server.url, poolIdleMs });
    opened.push(database);
    const backend = async () =>
      Number((await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`))[0]!.pid);
    const first = await backend();
    await sleep(pauseMs);
    return [first, await backend()];
  }

  it('keeps a connection through a pause by default, and closes it after DB_POOL_IDLE_MS', async () => {
    const [before, after] = await backendsAround(300);
    expect(after).toBe(before);
    const [shortBefore, shortAfter] = await backendsAround(300, 50);
    expect(shortAfter).not.toBe(shortBefore);
  });
});

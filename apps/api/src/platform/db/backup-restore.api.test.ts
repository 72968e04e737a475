import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Envelope, LoginResult, UserListResult } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../bootstrap';
import { loadConfig } from '../../config';
import { seedDemoIfEmpty } from '../../seed/demo';
import { startServer } from '../../startup/start-server';
import { createServerDatabase } from '../../test/test-database';
import { checkInvariant } from '../../wallet/invariant';
import { openDatabase } from './client';

const serverUrl = process.env.DATABASE_URL;
const run = promisify(execFile);

/** What an operator checks after a restore: a start, a sign-in, the member list, the ledger. */
async function answersOf(url: string) {
  const server = await startServer(
    loadConfig({
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'restore-test-secret-of-thirty-two-bytes',
      WEB_DIST: '',
    }),
  );
  try {
    const api = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api`;
    const login = await fetch(`${api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: 'admin123' }),
    });
    const token = ((await login.json()) as Envelope<LoginResult>).data.access_token;
    const list = await fetch(`${api}/users/list`, { headers: { authorization: `Bearer ${token}` } });
    const invariant = await checkInvariant(server.database.db);
    return {
      members: ((await list.json()) as Envelope<UserListResult>).data.meta.total,
      ledger: { ok: invariant.ok, wallets: invariant.wallets, records: invariant.records },
    };
  } finally {
    await server.close();
  }
}

// The embedded PGlite is backed up by copying DATA_DIR while the server is stopped; pg_dump needs a server.
describe.skipIf(!serverUrl)('backup and restore (PostgreSQL only: pg_dump/pg_restore need a server)', () => {
  it('a pg_dump -Fc of a populated database, restored into a new one, starts and answers like the original', async () => {
    const original = await createServerDatabase(serverUrl!);
    const restored = await createServerDatabase(serverUrl!);
    const folder = await mkdtemp(join(tmpdir(), 'backoffice-backup-'));
    try {
      const database = openDatabase({ url: original.url });
      await prepareDatabase(database);
      await seedDemoIfEmpty(database.db);
      await database.close();
      const before = await answersOf(original.url);

      const dump = join(folder, 'backoffice.dump');
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, `--dbname=${original.url}`]);
      await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);
      const after = await answersOf(restored.url);

      expect(before.members).toBeGreaterThan(300);
      expect(before.ledger).toMatchObject({ ok: true });
      expect(before.ledger.records).toBeGreaterThan(0);
      expect(after).toEqual(before);
    } finally {
      await original.drop();
      await restored.drop();
      await rm(folder, { recursive: true, force: true });
    }
  }, 180_000);
});

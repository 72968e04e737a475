import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDatabaseLocation } from '../config';
import { findMigrationsFolder, openDatabase, queryRows } from '../platform/db/client';
import { type FreshDatabaseSettings, freshDatabaseSettings } from '../test/test-database';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  code: number | null;
  output: string;
}

/** `npm run migrate` on the test's own database. */
function migrate(settings: FreshDatabaseSettings): Promise<Run> {
  const { DATABASE_URL: _url, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts'], {
    cwd: API_DIR,
    env: { ...inherited, ...settings.env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

describe('npm run migrate', () => {
  let settings: FreshDatabaseSettings;
  const runs: Run[] = [];
  beforeAll(async () => {
    settings = await freshDatabaseSettings();
    runs.push(await migrate(settings), await migrate(settings));
  }, 240_000);
  afterAll(() => settings?.dispose());

  it('applies every migration of the release to an empty database, and nothing the second time', async () => {
    expect(runs.map((run) => run.code)).toEqual([0, 0]);
    expect(runs[1]!.output).toContain('The database is migrated to this release.');
    const database = openDatabase(loadDatabaseLocation(settings.env));
    try {
      const [applied] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const released = readdirSync(findMigrationsFolder()).filter((file) => file.endsWith('.sql'));
      expect(applied?.n).toBe(released.length);
    } finally {
      await database.close();
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'refuses, exit 1, while a server holds the embedded database',
    async () => {
      const held = openDatabase(loadDatabaseLocation(settings.env));
      try {
        const run = await migrate(settings);
        expect(run.code).toBe(1);
        expect(run.output).toContain('The database was not migrated:');
      } finally {
        await held.close();
      }
    },
    60_000,
  );
});

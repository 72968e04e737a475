import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { type Db, findMigrationsFolder } from '../client';

/**
 * The schema of the first versioned release. An upgrade starts from it: the upgrade test fills a database at
 * this point with baseline-0001.sql.gz, and the API suite runs on PostgreSQL against databases migrated to it
 * first and then to the head (TEST_DB_FROM_BASELINE=true, as .ci/run does).
 */
export const BASELINE_TAG = '0001_functions_and_triggers';

interface Journal {
  entries: Array<{ idx: number; tag: string; when: number }>;
}

const copies = new Map<string, string>();

/**
 * A copy of the migrations folder that stops at `tag` (drizzle's migrator applies what its journal lists);
 * `released` puts a migration's text as it was first released in place of today's.
 */
export function migrationsUpTo(tag: string, released: Record<string, string> = {}): string {
  const key = `${tag}/${Object.keys(released).join(',')}`;
  const known = copies.get(key);
  if (known) return known;
  const source = findMigrationsFolder();
  const journal = JSON.parse(readFileSync(join(source, 'meta', '_journal.json'), 'utf8')) as Journal;
  const end = journal.entries.findIndex((e) => e.tag === tag);
  if (end < 0) throw new Error(`no migration ${tag} in ${source}`);
  const entries = journal.entries.slice(0, end + 1);
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) {
    const first = released[e.tag];
    if (first === undefined) copyFileSync(join(source, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
    else writeFileSync(join(folder, `${e.tag}.sql`), first);
  }
  copies.set(key, folder);
  return folder;
}

/**
 * Loads the rows of every table of a baseline database, as a restore would: triggers and foreign-key checks
 * off while it runs (the rollup's rows are in the file), on one connection, in one transaction.
 */
export async function loadBaselineData(db: Db): Promise<void> {
  const rows = gunzipSync(readFileSync(new URL('./baseline-0001.sql.gz', import.meta.url))).toString('utf8');
  const script = `begin; set local session_replication_role = replica;\n${rows}\ncommit;`;
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if ('exec' in client) await client.exec(script);
  else await client.query(script);
}

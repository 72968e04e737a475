import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type DbOrTx, findMigrationsFolder, queryRows } from './client';
import { hasSqlState } from './errors';

const UNDEFINED_TABLE = '42P01';

interface JournalEntry {
  tag: string;
  /** Drizzle's migrator records this as the applied migration's `created_at`. */
  when: number;
}

/** The migrations this build ships (drizzle-kit's journal), read once. */
let journal: JournalEntry[] | undefined;
function shippedMigrations(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

/**
 * The tags of the shipped migrations the database has not applied, compared with the rows drizzle's
 * migrator writes into `drizzle.__drizzle_migrations` (one per applied migration, `created_at` = the
 * journal's `when`). Empty = the schema is at head.
 */
export async function pendingMigrations(db: DbOrTx): Promise<string[]> {
  const applied = new Set((await appliedMigrationTimes(db)).map((row) => Number(row.created_at)));
  return shippedMigrations()
    .filter((entry) => !applied.has(entry.when))
    .map((entry) => entry.tag);
}

async function appliedMigrationTimes(db: DbOrTx) {
  try {
    return await queryRows<{ created_at: string | number }>(
      db,
      sql`select created_at from drizzle.__drizzle_migrations`,
    );
  } catch (error) {
    if (hasSqlState(error, UNDEFINED_TABLE)) return [];
    throw error;
  }
}

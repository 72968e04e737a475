import { readdirSync, readFileSync } from 'node:fs';

const migrations = new URL('../../../drizzle/', import.meta.url);
const texts = readdirSync(migrations)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .map((file) => ({ file, text: readFileSync(new URL(file, migrations), 'utf8') }));

/**
 * The text of the latest migration that creates SQL function `name` (with `create function` or `create or replace
 * function`), which must carry the function's declaration in code (wallet/ledger.sql.ts,
 * orders/totals/triggers.sql.ts); undefined when none does.
 */
export function latestDefinitionOf(name: string): { file: string; text: string } | undefined {
  const creates = new RegExp(`create (or replace )?function ${name}\\(`);
  return texts.filter(({ text }) => creates.test(text)).pop();
}

/** Whether the latest migration (of all) carries `text`, e.g. a trigger statement. */
export const someMigrationCarries = (text: string) =>
  texts.some((migration) => migration.text.includes(text));

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEDGER_FUNCTIONS } from './ledger.sql';

const migrations = new URL('../../drizzle/', import.meta.url);
const files = readdirSync(migrations)
  .filter((file) => file.endsWith('.sql'))
  .sort();

describe("the ledger's SQL functions", () => {
  it.each(Object.entries(LEDGER_FUNCTIONS))(
    '%s: the latest migration defining it carries exactly its declaration in ledger.sql.ts',
    (name, declared) => {
      const defining = files.filter((file) =>
        new RegExp(`create (or replace )?function ${name}\\(`).test(
          readFileSync(new URL(file, migrations), 'utf8'),
        ),
      );
      expect(defining.length).toBeGreaterThan(0);
      const latest = readFileSync(new URL(defining[defining.length - 1]!, migrations), 'utf8');
      expect(latest).toContain(declared);
    },
  );
});

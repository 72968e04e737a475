import { describe, expect, it } from 'vitest';
import { latestDefinitionOf } from '../platform/db/declared-sql.testing';
import { LEDGER_FUNCTIONS } from './ledger.sql';

describe("the ledger's SQL functions", () => {
  it.each(Object.entries(LEDGER_FUNCTIONS))(
    '%s: the latest migration defining it carries exactly its declaration in ledger.sql.ts',
    (name, declared) => {
      expect(latestDefinitionOf(name)?.text).toContain(declared);
    },
  );
});

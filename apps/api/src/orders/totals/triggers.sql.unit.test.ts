import { describe, expect, it } from 'vitest';
import { latestDefinitionOf, someMigrationCarries } from '../../platform/db/declared-sql.testing';
import { ORDER_TOTALS_FUNCTIONS, ORDER_TOTALS_TRIGGERS } from './triggers.sql';

describe("the orders rollup's triggers", () => {
  it.each(Object.entries(ORDER_TOTALS_FUNCTIONS))(
    '%s: the latest migration defining it carries exactly its declaration in triggers.sql.ts',
    (name, declared) => {
      expect(latestDefinitionOf(name)?.text).toContain(declared);
    },
  );

  it('are created by a migration exactly as declared', () => {
    expect(someMigrationCarries(ORDER_TOTALS_TRIGGERS)).toBe(true);
  });
});

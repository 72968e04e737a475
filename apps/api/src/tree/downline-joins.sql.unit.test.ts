import { describe, expect, it } from 'vitest';
import { someMigrationCarries } from '../platform/db/declared-sql.testing';
import { DOWNLINE_JOINS_SQL } from './downline-joins.sql';

describe("the downline joins' triggers", () => {
  it.each(DOWNLINE_JOINS_SQL.map((statement) => [statement.split('\n')[0], statement]))(
    '%s: a migration carries exactly its declaration in downline-joins.sql.ts',
    (_first, statement) => {
      expect(someMigrationCarries(statement)).toBe(true);
    },
  );
});

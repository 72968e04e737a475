import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsInto, importsPastEntry } from '../../test/folder-entry';

const totals = dirname(fileURLToPath(import.meta.url));

describe('orders/totals/', () => {
  it('is imported from outside through its entry (index.ts) only', () => {
    expect(importsInto(totals).length).toBeGreaterThan(3);
    expect(importsPastEntry(totals)).toEqual([]);
  });
});

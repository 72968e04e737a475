import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsInto, importsPastEntry } from '../../test/folder-entry';

const settlement = dirname(fileURLToPath(import.meta.url));

describe('bonus/settlement/', () => {
  it('is imported from outside through its entry (index.ts) only', () => {
    expect(importsInto(settlement).length).toBeGreaterThan(3);
    expect(importsPastEntry(settlement)).toEqual([]);
  });
});

import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsInto, importsPastEntry } from '../../test/folder-entry';

const explain = dirname(fileURLToPath(import.meta.url));

describe('bonus/explain/', () => {
  it('is imported from outside through its entry (index.ts) only', () => {
    expect(importsInto(explain).length).toBeGreaterThan(0);
    expect(importsPastEntry(explain)).toEqual([]);
  });
});

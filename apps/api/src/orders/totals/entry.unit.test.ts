import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const totals = dirname(fileURLToPath(import.meta.url));
const root = resolve(totals, '../../../../..');

/** TypeScript files of the API and the benchmarks outside this folder. */
const callers = () =>
  ['apps/api/src', 'bench'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(root, dir, file))
      .filter((file) => !file.startsWith(`${totals}/`)),
  );

/** `caller -> module` for each import of a module inside this folder. */
function importsOfTotals(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.[^']*)'/g)]
    .map((match) => resolve(dirname(file), match[1] as string))
    .filter((target) => target === totals || target.startsWith(`${totals}/`))
    .map((target) => `${relative(root, file)} -> ${relative(totals, target) || '.'}`);
}

describe('orders/totals/', () => {
  it('is imported from outside through its entry (index.ts) only', () => {
    const edges = callers().flatMap(importsOfTotals);
    expect(edges.length).toBeGreaterThan(3);
    expect(edges.filter((edge) => !edge.endsWith(' -> .') && !edge.endsWith(' -> index'))).toEqual([]);
  });
});

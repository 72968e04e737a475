import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository's import graph has no cycles (type-only imports included): a module can be read, and
 * moved, after the ones it imports. Relative imports only; each package is checked on its own.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ROOTS = ['packages/contracts/src', 'apps/api/src', 'apps/web/src'];

function importGraph(root: string): Map<string, string[]> {
  const dir = join(repo, root);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));
  const known = new Set(files);
  const target = (from: string, specifier: string) => {
    const base = resolve(dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
      (candidate) => known.has(candidate) && existsSync(candidate),
    );
  };
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g)].map(
        (m) => m[1]!,
      );
      return [file, specifiers.flatMap((s) => target(file, s) ?? [])];
    }),
  );
}

/** One file path of each cycle found by a depth-first walk (empty: none). */
function cycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const found: string[][] = [];
  const walk = (file: string, path: string[]) => {
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), file, next]);
      else if (!state.has(next)) walk(next, [...path, file]);
    }
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) walk(file, []);
  return found.map((cycle) => cycle.map((file) => file.slice(repo.length + 1)));
}

describe('the import graph', () => {
  it.each(ROOTS)('of %s has no cycles', (root) => {
    const graph = importGraph(root);
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['/r/a.ts', ['/r/b.ts']],
      ['/r/b.ts', ['/r/c.ts']],
      ['/r/c.ts', ['/r/a.ts']],
    ]);
    expect(cycles(graph)).toHaveLength(1);
  });
});

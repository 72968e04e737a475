import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** TypeScript files of the API and the benchmarks outside `folder`. */
const callers = (folder: string) =>
  ['apps/api/src', 'bench'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(root, dir, file))
      .filter((file) => !file.startsWith(`${folder}/`)),
  );

/**
 * `caller -> module` for each import of a module inside `folder` (an absolute path) from a file outside it;
 * the module is `.` or `index` when the import goes through the folder's entry.
 */
export function importsInto(folder: string): string[] {
  return callers(folder).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']*)'/g)]
      .map((match) => resolve(dirname(file), match[1] as string))
      .filter((target) => target === folder || target.startsWith(`${folder}/`))
      .map((target) => `${relative(root, file)} -> ${relative(folder, target) || '.'}`),
  );
}

/** The imports into `folder` from outside that bypass its entry (index.ts). */
export const importsPastEntry = (folder: string) =>
  importsInto(folder).filter((edge) => !edge.endsWith(' -> .') && !edge.endsWith(' -> index'));

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api/src: the paths below are relative to it. */
export const apiSource = dirname(dirname(fileURLToPath(import.meta.url)));

/** The API's code under `folder` (relative to apps/api/src, '' for all), without tests and test helpers. */
export function apiCode(folder = ''): string[] {
  return readdirSync(join(apiSource, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => join(folder, file))
    .filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.endsWith('.test.ts') &&
        !file.endsWith('.testing.ts') &&
        !/(^|\/)test-[^/]*$/.test(file),
    );
}

/** What `file` imports of the API's own code, each as a path relative to apps/api/src without extension. */
export function localImports(file: string): string[] {
  const text = readFileSync(join(apiSource, file), 'utf8');
  return [...text.matchAll(/from '(\.[^']*)'/g)].map((match) =>
    relative(apiSource, resolve(apiSource, dirname(file), match[1] as string)),
  );
}

/** The top of a path: its folder under apps/api/src (`orders` for orders/totals/page), or the file itself (`config`). */
export const topOf = (path: string): string => path.split('/')[0] as string;

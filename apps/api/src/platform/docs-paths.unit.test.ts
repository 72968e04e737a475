import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const pages = tracked.filter((file) => file.endsWith('.md'));

/** A cited path exists when some tracked file is it or ends with it (docs cite paths within their subject). */
const cited = (path: string) => tracked.some((file) => file === path || file.endsWith(`/${path}`));

describe('the docs', () => {
  it('link only to pages and files that exist', () => {
    const broken = pages.flatMap((page) =>
      [...readFileSync(join(root, page), 'utf8').matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
        .map((match) => match[1]!)
        .filter((link) => !/^[a-z]+:/.test(link))
        .filter((link) => !existsSync(normalize(join(root, dirname(page), link))))
        .map((link) => `${page} -> ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it('cite only paths that exist (`folder/file.ts` in backticks)', () => {
    const missing = pages.flatMap((page) =>
      [
        ...readFileSync(join(root, page), 'utf8').matchAll(
          /`([\w.-]+(?:\/[\w.-]+)+\.(?:ts|tsx|md|sql|mjs|css))`/g,
        ),
      ]
        .map((match) => match[1]!)
        .filter((path) => !cited(path))
        .map((path) => `${page}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});

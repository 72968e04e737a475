import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');
/** Styles that never show in the dark theme: the signed-out pages and the printed statement. */
const LIGHT_ONLY = ['shell/login/', 'shell/public-page.css', 'bonus/statements/statement.css'];

const styles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return styles(path);
    return /\.(css|tsx)$/.test(entry.name) ? [path] : [];
  });

describe('our own colours', () => {
  it('come from the theme (antd CSS variables, --app-theme-color), so the dark theme fits them too', () => {
    const literals = styles(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => !LIGHT_ONLY.some((light) => path.startsWith(light)))
      .flatMap((path) =>
        (readFileSync(join(SRC, path), 'utf8').match(/(?<![\w&])#[0-9a-f]{3,8}\b|\brgba?\(/gi) ?? []).map(
          (found) => `${path}: ${found}`,
        ),
      );
    expect(literals).toEqual([]);
  });
});

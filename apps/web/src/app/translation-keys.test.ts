import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, MENU } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { dictionaries } from './messages';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** The web sources (tests left out). */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Literal keys of `t('…')` / `t("…")` calls; keys built with template strings are not checked. */
const literalKeys = (code: string) =>
  [...code.matchAll(/(?<![\w$])t\(\s*(['"])([^'"\n]+)\1/g)].map((match) => match[2]!);

const known = Object.fromEntries(
  LOCALES.map((locale) => [locale, new Set(dictionaries.flatMap((d) => Object.keys(d[locale])))]),
);

const missingFrom = (key: string) => LOCALES.filter((locale) => !known[locale]!.has(key));

describe('translation keys in use', () => {
  it('finds the keys of literal t() calls (a sanity check of the scan)', () => {
    expect(literalKeys(`t('a.b'); i18n.t("c.d", { n: 1 }); t(\`x.\${y}\`); format('e.f'); st('g')`)).toEqual([
      'a.b',
      'c.d',
    ]);
    expect(sourceFiles().length).toBeGreaterThan(20);
  });

  it('are defined in every language for every literal t() key of the web sources', () => {
    const problems = sourceFiles().flatMap((file) =>
      literalKeys(readFileSync(file, 'utf8')).flatMap((key) =>
        missingFrom(key).map((locale) => `${relative(SRC, file)}: ${key} (${locale})`),
      ),
    );
    expect([...new Set(problems)]).toEqual([]);
  });

  it('are defined in every language for every menu title', () => {
    const keys = MENU.flatMap((entry) => [entry.titleKey, entry.memberTitleKey ?? []].flat());
    const problems = keys.flatMap((key) => missingFrom(key).map((locale) => `${key} (${locale})`));
    expect(problems).toEqual([]);
  });
});

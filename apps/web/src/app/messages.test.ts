import { LOCALES, type Locale } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../platform/locales';
import { dictionaries } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The languages a key must be in: a singular form (`key_one`) only where the language has one. */
const localesOf = (key: string): Locale[] =>
  key.endsWith('_one')
    ? LOCALES.filter((l) => new Intl.PluralRules(l).resolvedOptions().pluralCategories.includes('one'))
    : [...LOCALES];

describe('web dictionaries', () => {
  it('give every key a non-empty text in every language', () => {
    const problems: string[] = [];
    for (const dictionary of dictionaries) {
      const keys = new Set(LOCALES.flatMap((locale) => Object.keys(dictionary[locale])));
      for (const key of keys)
        for (const locale of localesOf(key))
          if (!dictionary[locale][key]?.trim()) problems.push(`${locale}: ${key} is missing or empty`);
    }
    expect(problems).toEqual([]);
  });

  it('use the same placeholders in every language', () => {
    const problems: string[] = [];
    for (const dictionary of dictionaries)
      for (const [key, en] of Object.entries(dictionary['en-US']))
        for (const locale of LOCALES) {
          const text = dictionary[locale][key] ?? dictionary[locale][key.replace(/_one$/, '')] ?? '';
          if (placeholders(text).join() !== placeholders(en).join()) problems.push(`${locale}: ${key}`);
        }
    expect(problems).toEqual([]);
  });

  it("are all added to the app's i18next instance", () => {
    const problems = dictionaries.flatMap((dictionary) =>
      LOCALES.flatMap((locale) =>
        Object.entries(dictionary[locale])
          .filter(([key, text]) => i18n.getResource(locale, 'translation', key) !== text)
          .map(([key]) => `${locale}: ${key}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('say one thing in the singular in English, never in Chinese', () => {
    const said = (locale: Locale, count: number) => i18n.t('platform.total', { lng: locale, count });
    expect([said('en-US', 1), said('en-US', 0), said('en-US', 2)]).toEqual([
      'Total 1 item',
      'Total 0 items',
      'Total 2 items',
    ]);
    expect([said('zh-HK', 1), said('zh-CN', 1)]).toEqual(['共 1 條', '共 1 条']);
  });

  it('give every singular form a plural one', () => {
    const keys = new Set(dictionaries.flatMap((d) => Object.keys(d['en-US'])));
    expect([...keys].filter((key) => key.endsWith('_one') && !keys.has(key.replace(/_one$/, '')))).toEqual(
      [],
    );
  });

  it('never define one key in two dictionaries', () => {
    const seen = new Map<string, number>();
    const clashes: string[] = [];
    dictionaries.forEach((dictionary, index) => {
      for (const key of Object.keys(dictionary['en-US'])) {
        if (seen.has(key)) clashes.push(key);
        seen.set(key, index);
      }
    });
    expect(clashes).toEqual([]);
  });
});

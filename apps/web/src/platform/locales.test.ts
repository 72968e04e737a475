import { LOCALES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { dictionaries } from './locales';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('web dictionaries', () => {
  it('give every key a non-empty text in every language', () => {
    const problems: string[] = [];
    for (const dictionary of dictionaries) {
      const keys = new Set(LOCALES.flatMap((locale) => Object.keys(dictionary[locale])));
      for (const key of keys)
        for (const locale of LOCALES)
          if (!dictionary[locale][key]?.trim()) problems.push(`${locale}: ${key} is missing or empty`);
    }
    expect(problems).toEqual([]);
  });

  it('use the same placeholders in every language', () => {
    const problems: string[] = [];
    for (const dictionary of dictionaries)
      for (const [key, en] of Object.entries(dictionary['en-US']))
        for (const locale of LOCALES) {
          const text = dictionary[locale][key] ?? '';
          if (placeholders(text).join() !== placeholders(en).join()) problems.push(`${locale}: ${key}`);
        }
    expect(problems).toEqual([]);
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

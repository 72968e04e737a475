export const LOCALES = ['en-US', 'zh-HK', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Maps a Locale header (or stored choice) to a supported locale; anything unknown falls back to en-US. */
export function resolveLocale(value: string | null | undefined): Locale {
  if (!value) return DEFAULT_LOCALE;
  const exact = LOCALES.find((l) => l.toLowerCase() === value.trim().toLowerCase());
  if (exact) return exact;
  const lower = value.toLowerCase();
  if (lower.startsWith('zh-tw') || lower.startsWith('zh-hk') || lower.includes('hant')) return 'zh-HK';
  if (lower.startsWith('zh')) return 'zh-CN';
  return DEFAULT_LOCALE;
}

/** A key's form for a count of one ("1 row" where the plain key says "{count} rows"), as i18next names it. */
export type SingularKey = `${string}_one`;

/**
 * Declares one dictionary in the three languages. The zh dictionaries must carry
 * exactly the keys of the English one, so a missing translation is a type error,
 * except the singular forms (`key_one`): Chinese says "1 行" as it says "2 行".
 */
export function defineMessages<const E extends Record<string, string>>(
  en: E,
  zhHK: Record<Exclude<keyof E, SingularKey>, string>,
  zhCN: Record<Exclude<keyof E, SingularKey>, string>,
): Record<Locale, Record<keyof E, string>> {
  // Typed as if zh had the singular keys too: a language without a singular never looks them up (countsAsOne).
  return { 'en-US': en, 'zh-HK': zhHK, 'zh-CN': zhCN } as unknown as Record<Locale, Record<keyof E, string>>;
}

/** Whether a language words `count` as one thing (English 1, not 0 or 2; never in Chinese). */
export const countsAsOne = (locale: Locale, count: unknown) =>
  typeof count === 'number' && new Intl.PluralRules(locale).select(count) === 'one';

/** Placeholders whose numbers name something (an id, a year, a level) rather than count it: never grouped. */
const IDENTIFYING_PARAMS = new Set([
  'id',
  'year',
  'userNo',
  'orderNo',
  'level',
  'generation',
  'key',
  'runId',
]);

/**
 * A placeholder's value as the language writes it: a number that counts something is grouped ("3,020,139",
 * the reader's separators), an identifying one (`IDENTIFYING_PARAMS`) and every text stay as they are.
 */
export function formatParam(name: string, value: unknown, locale: Locale): string {
  if (typeof value === 'number' && !IDENTIFYING_PARAMS.has(name)) return value.toLocaleString(locale);
  return String(value);
}

/** Replaces `{name}` placeholders, counts grouped as `locale` groups them (formatParam). */
export function interpolate(text: string, params?: Record<string, string | number>, locale?: Locale): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : formatParam(name, params[name], locale ?? DEFAULT_LOCALE),
  );
}

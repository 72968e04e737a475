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

/**
 * Declares one dictionary in the three languages. The zh dictionaries must carry
 * exactly the keys of the English one, so a missing translation is a type error.
 */
export function defineMessages<const E extends Record<string, string>>(
  en: E,
  zhHK: Record<keyof E, string>,
  zhCN: Record<keyof E, string>,
): Record<Locale, Record<keyof E, string>> {
  return { 'en-US': en, 'zh-HK': zhHK, 'zh-CN': zhCN };
}

/** Replaces `{name}` placeholders. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

import { type Locale, resolveLocale, STORAGE_KEYS } from '@app/contracts';

/** The language chosen in the switch, kept apart from i18next so the sign-in page loads without it. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'zh-HK': '繁體中文',
  'zh-CN': '简体中文',
};

/** The language chosen in the switch (local storage), en-US when none. */
export function storedLocale(): Locale {
  return resolveLocale(globalThis.localStorage?.getItem(STORAGE_KEYS.locale));
}

/** Stores the choice and reloads, as the language switch does (docs/product/README.md). */
export function switchLocale(locale: Locale): void {
  localStorage.setItem(STORAGE_KEYS.locale, locale);
  window.location.reload();
}

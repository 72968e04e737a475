import { formatParam, LOCALES, type Locale, messages, resolveLocale } from '@app/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { jobsUiMessages } from './jobs/jobs.messages';
import { storedLocale } from './locale-choice';
import { platformMessages } from './platform.messages';

export type Dictionary = Record<Locale, Record<string, string>>;

/**
 * The dictionaries platform code needs itself: the server catalogue first, so zod message keys
 * ('validation.required') translate in forms too, then the texts of the HTTP client, platform/ui and the job dialog.
 * The shell's and the domains' dictionaries are added from above (`app/messages.ts`).
 */
export const platformDictionaries: Dictionary[] = [messages, platformMessages, jobsUiMessages];

const merged = (dictionaries: Dictionary[], locale: Locale): Record<string, string> =>
  Object.assign({}, ...dictionaries.map((dictionary) => dictionary[locale]));

/** The app's i18next instance: `{name}` placeholders like the server catalogue, en-US fallback. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    LOCALES.map((locale) => [locale, { translation: merged(platformDictionaries, locale) }]),
  ),
  lng: storedLocale(),
  fallbackLng: 'en-US',
  keySeparator: false,
  nsSeparator: false,
  interpolation: {
    escapeValue: false,
    prefix: '{',
    suffix: '}',
    // Counts grouped per language in every text, as the server's translate does (formatParam).
    alwaysFormat: true,
    format: (value, _format, lng, options) =>
      value === undefined ? value : formatParam(String(options?.interpolationkey), value, resolveLocale(lng)),
  },
  initAsync: false,
  showSupportNotice: false,
});

/** Adds dictionaries to every language; the app adds the shell's and every domain's before it renders. */
export function addDictionaries(dictionaries: Dictionary[]): void {
  for (const locale of LOCALES)
    i18n.addResourceBundle(locale, 'translation', merged(dictionaries, locale), true, true);
}

/** Translates outside React (HTTP client, static helpers). */
export const t = (key: string, params?: Record<string, string | number>) => i18n.t(key, params);

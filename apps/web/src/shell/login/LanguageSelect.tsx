import { LOCALES, type Locale } from '@app/contracts';
import { LANGUAGE_NAMES, storedLocale, switchLocale } from '../../platform/locale-choice';
import { Icon } from './icons';

/** The sign-in page's language switch: stores the choice and reloads, as the layout's does (docs/product/README.md). */
export function LanguageSelect({ label }: { label: string }) {
  return (
    <span className="login-language">
      <Icon name="globe" />
      <select
        aria-label={label}
        value={storedLocale()}
        onChange={(event) => switchLocale(event.target.value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}

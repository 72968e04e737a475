import { interpolate, type Locale, messages } from '@app/contracts';
import type { Translate } from '../../platform/issue-text';
import { platformMessages } from '../../platform/platform.messages';
import { shellMessages } from '../shell.messages';

/** What the sign-in page shows: the server catalogue (zod's message keys), the platform's errors, the shell's texts. */
const SOURCES: Record<Locale, Record<string, string>>[] = [messages, platformMessages, shellMessages];

const lookup = (locale: Locale, key: string) =>
  SOURCES.map((dictionary) => dictionary[locale][key]).find((text) => text !== undefined);

/**
 * The sign-in page's translator before i18next and the app's dictionaries load: the same texts and `{name}`
 * placeholders, English when the language lacks one.
 */
export const loginText =
  (locale: Locale): Translate =>
  (key, params) =>
    interpolate(lookup(locale, key) ?? lookup('en-US', key) ?? key, params, locale);

import { countsAsOne, interpolate, type Locale } from '../locales';
import { accessMessages } from './access';
import { auditMessages } from './audit';
import { bonusMessages } from './bonus';
import { commissionMessages } from './commission';
import { commonMessages } from './common';
import { contentMessages } from './content';
import { healthMessages } from './health';
import { importsMessages } from './imports';
import { jobsMessages } from './jobs';
import { labelsMessages } from './labels';
import { membersMessages } from './members';
import { notificationsMessages } from './notifications';
import { passwordResetMessages } from './password-reset';
import { remarksMessages } from './remarks';
import { salesMessages } from './sales';
import { statementsMessages } from './statements';
import { treeMessages } from './tree';
import { viewsMessages } from './views';
import { walletMessages } from './wallet';

/**
 * The server's message catalogue: one dictionary per domain,
 * merged here. Add a domain by adding its file to this list.
 */
const catalogues = [
  commonMessages,
  accessMessages,
  auditMessages,
  passwordResetMessages,
  membersMessages,
  treeMessages,
  walletMessages,
  salesMessages,
  importsMessages,
  contentMessages,
  bonusMessages,
  statementsMessages,
  commissionMessages,
  jobsMessages,
  labelsMessages,
  healthMessages,
  notificationsMessages,
  viewsMessages,
  remarksMessages,
] as const;

type KeysOf<T> = T extends Record<Locale, Record<infer K, string>> ? K : never;
export type MessageKey = KeysOf<(typeof catalogues)[number]>;

export const messages: Record<Locale, Record<MessageKey, string>> = {
  'en-US': Object.assign({}, ...catalogues.map((c) => c['en-US'])),
  'zh-HK': Object.assign({}, ...catalogues.map((c) => c['zh-HK'])),
  'zh-CN': Object.assign({}, ...catalogues.map((c) => c['zh-CN'])),
};

export function isMessageKey(value: string): value is MessageKey {
  return value in messages['en-US'];
}

/**
 * Translates a message key; an unknown key is returned as it is. A numeric `count` of one picks the key's
 * singular form (`key_one`) where the language has one, like i18next in the web app.
 */
export function translate(key: string, locale: Locale, params?: Record<string, string | number>): string {
  const singular = `${key}_one`;
  const chosen = countsAsOne(locale, params?.count) && isMessageKey(singular) ? singular : key;
  const text = isMessageKey(chosen) ? messages[locale][chosen] || messages['en-US'][chosen] : key;
  return interpolate(text, params, locale);
}

import { LOCALES, type Locale, messages } from '@app/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { accessUiMessages } from '../access/access.messages';
import { auditUiMessages } from '../access/audit.messages';
import { bonusUiMessages } from '../bonus/bonus.messages';
import { commissionUiMessages } from '../bonus/commission.messages';
import { explainUiMessages } from '../bonus/explain.messages';
import { settlementUiMessages } from '../bonus/settlement.messages';
import { statementsUiMessages } from '../bonus/statements/statements.messages';
import { contentUiMessages } from '../content/content.messages';
import { dashboardMessages } from '../dashboard/dashboard.messages';
import { meMessages } from '../me/me.messages';
import { membersUiMessages } from '../members/members.messages';
import { ordersMessages } from '../orders/orders.messages';
import { programmesUiMessages } from '../programmes/programmes.messages';
import { providersMessages } from '../providers/providers.messages';
import { menuMessages } from '../shell/menu.messages';
import { shellMessages } from '../shell/shell.messages';
import { treeUiMessages } from '../tree/tree.messages';
import { walletUiMessages } from '../wallet/wallet.messages';
import { jobsUiMessages } from './jobs/jobs.messages';
import { storedLocale } from './locale-choice';
import { platformMessages } from './platform.messages';

export type Dictionary = Record<Locale, Record<string, string>>;

/**
 * Every UI dictionary of the web app. A domain declares its strings with
 * `defineMessages(en, zhHK, zhCN)` from @app/contracts in its own file and adds
 * it to this list. The server catalogue comes first so zod message keys
 * ('validation.required') translate in forms too.
 */
export const dictionaries: Dictionary[] = [
  messages,
  platformMessages,
  jobsUiMessages,
  menuMessages,
  shellMessages,
  meMessages,
  dashboardMessages,
  accessUiMessages,
  auditUiMessages,
  membersUiMessages,
  contentUiMessages,
  treeUiMessages,
  walletUiMessages,
  ordersMessages,
  providersMessages,
  bonusUiMessages,
  statementsUiMessages,
  commissionUiMessages,
  settlementUiMessages,
  explainUiMessages,
  programmesUiMessages,
];

const resources = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    { translation: Object.assign({}, ...dictionaries.map((dictionary) => dictionary[locale])) },
  ]),
);

/** The app's i18next instance: `{name}` placeholders like the server catalogue, en-US fallback. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  fallbackLng: 'en-US',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  initAsync: false,
  showSupportNotice: false,
});

/** Translates outside React (HTTP client, static helpers). */
export const t = (key: string, params?: Record<string, string | number>) => i18n.t(key, params);

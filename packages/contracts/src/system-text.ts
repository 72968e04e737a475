import type { Locale } from './locales';
import { isMessageKey, type MessageKey, translate } from './messages';

/**
 * A text the system writes into a free-text column (a wallet record's or a level change's remark) is stored as its
 * catalogue key and parameters, `i18n:{"key":"remark.bonusRun","params":{"runId":12}}`, and read in the viewer's
 * language (docs/product/wallet.md, "System remarks"). Texts written before, and every text a person typed, are
 * shown as they are.
 */
const PREFIX = 'i18n:';

type Params = Record<string, string | number>;

/** The stored form of a system text. */
export function systemText(key: MessageKey, params?: Params): string {
  return `${PREFIX}${JSON.stringify(params ? { key, params } : { key })}`;
}

/** The key and parameters of a stored system text; null for any other text. */
export function parseSystemText(stored: string): { key: MessageKey; params?: Params } | null {
  if (!stored.startsWith(PREFIX)) return null;
  try {
    const { key, params } = JSON.parse(stored.slice(PREFIX.length)) as { key?: unknown; params?: unknown };
    if (typeof key !== 'string' || !isMessageKey(key)) return null;
    return params && typeof params === 'object' ? { key, params: params as Params } : { key };
  } catch {
    return null;
  }
}

/** A stored text as `locale` reads it: a system text translated, any other text (typed, older rows) as it is. */
export function readSystemText(stored: string, locale: Locale): string;
export function readSystemText(stored: string | null, locale: Locale): string | null;
export function readSystemText(stored: string | null, locale: Locale): string | null {
  if (stored === null) return null;
  const text = parseSystemText(stored);
  return text ? translate(text.key, locale, text.params) : stored;
}

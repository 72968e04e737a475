import { formatCents, type Locale, translate } from '@app/contracts';
import type { NotificationParams } from './notifications.schema';

/**
 * A notification's text in `locale`: its key with its parameters, `amount_cents` shown as `amount`, and the
 * message key `error_key` translated as `error`.
 */
export function notificationText(key: string, params: NotificationParams, locale: Locale): string {
  const { amount_cents: cents, error_key: errorKey, ...rest } = params;
  return translate(key, locale, {
    ...rest,
    ...(cents !== undefined && { amount: formatCents(Number(cents)) }),
    ...(errorKey !== undefined && { error: translate(String(errorKey), locale) }),
  });
}

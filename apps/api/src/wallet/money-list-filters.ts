import type { MoneyListFilter } from '@app/contracts';
import { and, type Column, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import { rangeEnd, rangeStart } from '../platform/http/date-range';

/** The columns of a money list's table that its shared filters read. */
export interface MoneyListColumns {
  userId: Column;
  createdAt: Column;
  amountCents: Column;
}

/**
 * The withdrawal and recharge lists' shared filters as one condition (docs/product/withdrawals.md, "Filters"): the
 * member, the business days of `zone` it was made on (date_to's whole day included), its amount from and to.
 */
export function moneyListWhere(table: MoneyListColumns, f: MoneyListFilter, zone: string): SQL | undefined {
  return and(
    f.user_id ? eq(table.userId, f.user_id) : undefined,
    f.date_from ? gte(table.createdAt, new Date(rangeStart(f.date_from, zone))) : undefined,
    f.date_to ? lt(table.createdAt, new Date(rangeEnd(f.date_to, zone))) : undefined,
    f.amount_min !== undefined ? gte(table.amountCents, f.amount_min) : undefined,
    f.amount_max !== undefined ? lte(table.amountCents, f.amount_max) : undefined,
  );
}

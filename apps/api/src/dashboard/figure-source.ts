import { formatCents, type Locale, type WorkplaceFigure } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { monthStartDayInZone, monthStartInZone } from '../platform/business-time/business-time';
import type { AccountCaller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';

/**
 * Where the workplace figures come from. Each source returns its figures for the
 * viewer (or [] when it has none for them); `figureSources` in dashboard.figures.ts
 * lists them in display order, and the web labels each `dashboard.figure.<key>`.
 * `zone` is the business time zone, whose month "this month" is (platform/business-time/).
 */
export type FigureSource = (
  db: DbOrTx,
  viewer: AccountCaller,
  locale: Locale,
  zone: string,
) => Promise<WorkplaceFigure[]>;

export const count = (key: string, value: unknown): WorkplaceFigure => ({
  key,
  value: Number(value ?? 0),
  format: 'count',
});

/** A money figure from integer cents (sums arrive as strings or bigints). */
export const money = (key: string, cents: unknown): WorkplaceFigure => ({
  key,
  value: formatCents(BigInt(String(cents ?? 0))),
  format: 'money',
});

/** The first instant of the current month of the business time zone `zone` (as bonus periods count). */
export const monthStart = (zone: string): SQL => monthStartInZone(zone);
/** The first day of this month of `zone` as a date, for period dates (bonus_payouts.day). */
export const monthStartDay = (zone: string): SQL => monthStartDayInZone(zone);

/** The name column of a localized reference table row (`alias.<en>`, `alias.name_zh_hk`, `alias.name_zh_cn`). */
export const localizedName = (alias: string, enColumn: string, locale: Locale): SQL =>
  sql.raw(
    locale === 'zh-HK'
      ? `${alias}.name_zh_hk`
      : locale === 'zh-CN'
        ? `${alias}.name_zh_cn`
        : `${alias}.${enColumn}`,
  );

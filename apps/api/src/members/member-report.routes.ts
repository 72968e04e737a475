import {
  type LevelRef,
  type Locale,
  memberEndpoints,
  nextDay,
  Perm,
  startOfDayIn,
  translate,
  type UserReport,
  type UserReportRow,
  userReportQuery,
} from '@app/contracts';
import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { levelName } from '../access/current-user';
import { activityOf } from '../dashboard/dashboard.charts';
import { businessTimeZone } from '../platform/business-time/business-time';
import type { DbOrTx } from '../platform/db/client';
import { access, route } from '../platform/http/route';
import { sendXlsxBuffer, xlsxBuffer } from '../platform/xlsx/export';
import { levels, users } from './members.schema';

type Query = z.output<typeof userReportQuery>;

/** Period keys from start to end inclusive: 'YYYY-MM-DD' per day or 'YYYY-MM' per month (calendar days, any zone). */
export function periodsOf(start: string, end: string, period: 'day' | 'month'): string[] {
  const keys: string[] = [];
  const cursor = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`);
  if (period === 'month') cursor.setUTCDate(1);
  while (cursor <= last) {
    keys.push(cursor.toISOString().slice(0, period === 'day' ? 10 : 7));
    if (period === 'day') cursor.setUTCDate(cursor.getUTCDate() + 1);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return keys;
}

/**
 * New members per period and level in [start, end], and today's members per level; with the done sales and SP of
 * each period, from the activity rollup (dashboard/activity.schema.ts: no order is read). The days and months are
 * those of the business time zone `zone` (platform/business-time/).
 */
export async function memberReport(db: DbOrTx, q: Query, locale: Locale, zone: string): Promise<UserReport> {
  const from = startOfDayIn(q.start, zone);
  const to = startOfDayIn(nextDay(q.end), zone);
  // Literals (not bind parameters) so the select and group by expressions are the same; the zone is a name the
  // runtime knows (setBusinessTimeZone checks it), quoted as a string literal.
  const format = sql.raw(q.period === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`);
  const periodKey = sql<string>`to_char(${users.createdAt} at time zone ${sql.raw(`'${zone.replaceAll("'", "''")}'`)}, ${format})`;
  const periods = periodsOf(q.start, q.end, q.period);
  const [levelRows, counts, current, activity] = await Promise.all([
    db.select().from(levels).orderBy(asc(levels.id)),
    db
      .select({ period: periodKey, levelId: users.levelId, n: count() })
      .from(users)
      .where(and(eq(users.isAdmin, false), gte(users.createdAt, from), lt(users.createdAt, to)))
      .groupBy(periodKey, users.levelId),
    db
      .select({ levelId: users.levelId, n: count() })
      .from(users)
      .where(eq(users.isAdmin, false))
      .groupBy(users.levelId),
    activityOf(db, zone, periods, { first: q.start, last: q.end }),
  ]);
  const levelRefs: LevelRef[] = levelRows.map((l) => ({ id: l.id, name: levelName(l, locale) }));
  const rows = new Map<string, UserReportRow>(
    periods.map((period) => [period, { period, total: 0, by_level: {} }]),
  );
  const totals = { total: 0, by_level: {} as Record<string, number> };
  for (const c of counts) {
    const row = rows.get(c.period);
    if (!row) continue;
    row.total += c.n;
    row.by_level[c.levelId] = (row.by_level[c.levelId] ?? 0) + c.n;
    totals.total += c.n;
    totals.by_level[c.levelId] = (totals.by_level[c.levelId] ?? 0) + c.n;
  }
  const members = { total: 0, by_level: {} as Record<string, number> };
  for (const c of current) {
    members.total += c.n;
    members.by_level[c.levelId] = c.n;
  }
  return { levels: levelRefs, rows: [...rows.values()], totals, members, activity };
}

/** `GET /api/users/report` (Perm.userReport): JSON, or an .xlsx with `export=true`. */
const report = route({
  endpoint: memberEndpoints.report,
  reads: 'replica',
  access: access.admin(Perm.userReport),
  query: userReportQuery,
  handler: async ({ app, query, locale, reply }) => {
    const data = await memberReport(app.db, query, locale, await businessTimeZone(app.db));
    if (!query.export) return data;
    const headers = [
      translate('members.report.period', locale),
      ...data.levels.map((l) => l.name),
      translate('members.report.total', locale),
    ];
    const line = (label: string, r: { total: number; by_level: Record<string, number> }) => [
      label,
      ...data.levels.map((l) => r.by_level[l.id] ?? 0),
      r.total,
    ];
    const rows = [
      ...data.rows.map((r) => line(r.period, r)),
      line(translate('members.report.total', locale), data.totals),
    ];
    return sendXlsxBuffer(
      reply,
      `member-report-${query.start}-${query.end}.xlsx`,
      await xlsxBuffer(headers, rows),
    );
  },
});

export const memberReportRoutes = [report];

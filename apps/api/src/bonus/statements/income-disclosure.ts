import {
  formatCents,
  type IncomeDisclosure,
  type IncomeDisclosureRow,
  type Locale,
  startOfDayIn,
} from '@app/contracts';
import { asc, sql } from 'drizzle-orm';
import { levels } from '../../members/members.schema';
import { type DbOrTx, queryRows } from '../../platform/db/client';
import { badRequest } from '../../platform/http/errors';
import type { FixedSheet } from '../../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../../platform/xlsx/format';
import { localName } from '../localized';

/** A disclosure year of the business time zone: its days [first, next) and its end instant. */
export interface DisclosureYear {
  year: number;
  zone: string;
  first: string;
  next: string;
  end: Date;
  partial: boolean;
}

/** The year `year` of `zone`; 400 'statement.futureYear' for a year that has not begun. */
export function disclosureYear(year: number, zone: string, now = new Date()): DisclosureYear {
  const first = `${year}-01-01`;
  const next = `${year + 1}-01-01`;
  if (startOfDayIn(first, zone) > now) throw badRequest('statement.futureYear');
  const end = startOfDayIn(next, zone);
  return { year, zone, first, next, end, partial: end > now };
}

type Num = string | number | null;
interface FigureRow extends Record<string, unknown> {
  level_id: number | null;
  overall: number;
  members: number;
  earners: number;
  total: Num;
  mean: Num;
  mean_of_earners: Num;
  p10: Num;
  p25: Num;
  p50: Num;
  p75: Num;
  p90: Num;
  p99: Num;
  max: Num;
  held_members: number;
  held: Num;
}

/**
 * The income disclosure of a year (docs/product/bonus-reports.md), in one statement: each member's earnings of the
 * year (paid payouts of the year's business days not reversed since; held payouts apart, forfeited ones left out),
 * every member registered by the year's end counted (those who earned nothing too) under their level at the year's
 * end (the level history's last entry before it; the current level when the history has none), then per level and
 * overall (ROLLUP): counts, total, mean, percentiles (percentile_cont, interpolated) and the highest, in cents.
 * It reads the year's payouts once and groups them by member in the database: nothing per member reaches the app.
 */
export async function incomeDisclosure(
  db: DbOrTx,
  y: DisclosureYear,
  locale: Locale,
): Promise<IncomeDisclosure> {
  const pct = (p: number) =>
    sql`round(percentile_cont(${sql.raw(String(p))}) within group (order by m.earned))::bigint`;
  const rows = await queryRows<FigureRow>(
    db,
    sql`with earned as (
          select p.user_id,
            coalesce(sum(p.cents) filter (where p.status = 'paid' and p.reversed_at is null), 0) as earned,
            coalesce(sum(p.cents) filter (where p.status = 'held' and p.reversed_at is null), 0) as held
          from bonus_payouts p
          where p.day >= ${y.first} and p.day < ${y.next}
          group by p.user_id
        ), year_end_level as (
          select distinct on (h.user_id) h.user_id, h.level_id
          from level_history h
          where h.created_at < ${y.end.toISOString()}
          order by h.user_id, h.created_at desc, h.id desc
        ), m as (
          select coalesce(l.level_id, u.level_id) as level_id,
            coalesce(e.earned, 0)::bigint as earned, coalesce(e.held, 0)::bigint as held
          from users u
          left join year_end_level l on l.user_id = u.id
          left join earned e on e.user_id = u.id
          where not u.is_admin and u.created_at < ${y.end.toISOString()}
        )
        select m.level_id, grouping(m.level_id)::int as overall, count(*)::int as members,
          (count(*) filter (where m.earned > 0))::int as earners,
          sum(m.earned)::bigint as total,
          round(avg(m.earned))::bigint as mean,
          round(avg(m.earned) filter (where m.earned > 0))::bigint as mean_of_earners,
          ${pct(0.1)} as p10, ${pct(0.25)} as p25, ${pct(0.5)} as p50, ${pct(0.75)} as p75,
          ${pct(0.9)} as p90, ${pct(0.99)} as p99,
          max(m.earned)::bigint as max,
          (count(*) filter (where m.held > 0))::int as held_members,
          sum(m.held)::bigint as held
        from m
        group by rollup(m.level_id)
        order by grouping(m.level_id), m.level_id`,
  );
  const levelRows = await db.select().from(levels).orderBy(asc(levels.id));
  const figures = (row: FigureRow | undefined, levelId: number | null, name: string | null) =>
    toRow(row, levelId, name);
  const overall = rows.find((r) => Number(r.overall) === 1);
  return {
    year: y.year,
    time_zone: y.zone,
    partial: y.partial,
    rows: levelRows.map((l) =>
      figures(
        rows.find((r) => Number(r.overall) === 0 && Number(r.level_id) === l.id),
        l.id,
        localName(l, locale),
      ),
    ),
    overall: figures(overall, null, null),
  };
}

const money = (value: Num | undefined) => formatCents(Number(value ?? 0));

function toRow(row: FigureRow | undefined, levelId: number | null, name: string | null): IncomeDisclosureRow {
  const members = Number(row?.members ?? 0);
  const earners = Number(row?.earners ?? 0);
  return {
    level_id: levelId,
    level_name: name,
    members,
    earners,
    earners_share: members === 0 ? '0.00' : formatCents(Math.round((earners * 10_000) / members)),
    total: money(row?.total),
    mean: money(row?.mean),
    mean_of_earners: money(row?.mean_of_earners),
    median: money(row?.p50),
    p10: money(row?.p10),
    p25: money(row?.p25),
    p75: money(row?.p75),
    p90: money(row?.p90),
    p99: money(row?.p99),
    max: money(row?.max),
    held_members: Number(row?.held_members ?? 0),
    held: money(row?.held),
  };
}

/** The disclosure as a spreadsheet: the table (a row per level, then every member), and a sheet of how it is computed. */
export function disclosureSheets(d: IncomeDisclosure, reader: SheetReader) {
  const f = sheetFormat(reader);
  type R = IncomeDisclosureRow;
  const columns = [
    f.text('disclosure.level', (r: R) => r.level_name ?? f.t('disclosure.allMembers'), 20),
    f.text('disclosure.members', (r: R) => r.members, 12),
    f.text('disclosure.earners', (r: R) => r.earners, 12),
    f.text('disclosure.earnersShare', (r: R) => Number(r.earners_share), 12),
    f.money('disclosure.total', (r: R) => r.total),
    f.money('disclosure.mean', (r: R) => r.mean),
    f.money('disclosure.meanOfEarners', (r: R) => r.mean_of_earners),
    f.money('disclosure.p10', (r: R) => r.p10),
    f.money('disclosure.p25', (r: R) => r.p25),
    f.money('disclosure.median', (r: R) => r.median),
    f.money('disclosure.p75', (r: R) => r.p75),
    f.money('disclosure.p90', (r: R) => r.p90),
    f.money('disclosure.p99', (r: R) => r.p99),
    f.money('disclosure.max', (r: R) => r.max),
    f.text('disclosure.heldMembers', (r: R) => r.held_members, 12),
    f.money('disclosure.held', (r: R) => r.held),
  ];
  const notes: FixedSheet = {
    name: f.t('statement.sheet.summary'),
    rows: [
      [f.t('disclosure.title')],
      [f.t('disclosure.year'), d.year],
      [f.t('statement.timeZone'), d.time_zone],
      ...(d.partial ? [[f.t('disclosure.partial')]] : []),
      [],
      [f.t('disclosure.basis')],
    ],
    widths: [24, 24],
  };
  return {
    filename: `income-disclosure-${d.year}.xlsx`,
    sheetName: f.t('disclosure.title'),
    columns,
    rows: [...d.rows, d.overall],
    notes,
  };
}

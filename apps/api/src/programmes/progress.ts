import {
  type BonusProgress,
  dayIn,
  formatCents,
  Level,
  type Locale,
  type MemberProgress,
  monthStartIn,
} from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { forEachPayout } from '../bonus/engine/engine';
import { downlineVolumes, poolHoldings } from '../bonus/engine/kinds';
import type { EngineInput } from '../bonus/engine/types';
import { localName } from '../bonus/localized';
import { loadEngineInput, rulesInForce, typesToRun } from '../bonus/settlement';
import { bonusTypeNames } from '../bonus/type-names';
import { levels, users } from '../members/members.schema';
import { businessTimeZone } from '../platform/business-time/business-time';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { notFound } from '../platform/http/errors';
import { wecProgress } from './wec.conditions';
import { assessmentIfAny } from './wec.service';

const MONTHLY_KINDS = ['poolShare', 'groupVolume', 'treeDepth'] as const;
type MonthlyKind = (typeof MONTHLY_KINDS)[number];
const isMonthly = (kind: string): kind is MonthlyKind => (MONTHLY_KINDS as readonly string[]).includes(kind);

/**
 * The signed-in member's progress (docs/product/programmes.md, "Progress"): the next level, the month so far of the
 * monthly bonuses and the WEC conditions. The bonus figures are the settlement engine's own (its pool holdings,
 * downline volumes and payouts over the business month's orders up to `now`, with the rules in force), never worked
 * out a second way.
 */
export async function memberProgress(
  db: DbOrTx,
  userId: number,
  locale: Locale,
  now = new Date(),
): Promise<MemberProgress> {
  const [member] = await db
    .select({ levelId: users.levelId, isWec: users.isWec })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw notFound('access.userDataNotFound');
  const zone = await businessTimeZone(db);
  const month = dayIn(now, zone).slice(0, 7);
  const levelRows = (await db.select().from(levels)).sort((a, b) => a.id - b.id);
  const levelRef = (id: number) => {
    const row = levelRows.find((l) => l.id === id);
    return { level_id: id, name: row ? localName(row, locale) : `#${id}` };
  };
  const nextRow = levelRows.find((l) => l.id > member.levelId);
  const input = await loadEngineInput(
    db,
    { from: monthStartIn(now, zone), to: now, month, zone },
    {
      orderNumbers: false,
    },
  );
  return {
    month,
    level: {
      ...levelRef(member.levelId),
      next: nextRow ? { ...levelRef(nextRow.id), products: await productsGranting(db, nextRow.id) } : null,
    },
    bonuses: await bonusProgress(db, input, userId, member.levelId, locale, levelRef),
    wec: member.isWec ? null : await wecOf(db, userId, member.levelId, now),
  };
}

/** The membership products on sale that grant `levelId`. */
const productsGranting = async (db: DbOrTx, levelId: number) =>
  (
    await queryRows<{ id: number; name: string; price_cents: string | number }>(
      db,
      sql`select id, name, price_cents from products where grants_level_id = ${levelId} and status = 1 order by price_cents, id`,
    )
  ).map((p) => ({ id: Number(p.id), name: p.name, price: formatCents(Number(p.price_cents)) }));

async function bonusProgress(
  db: DbOrTx,
  input: EngineInput,
  userId: number,
  levelId: number,
  locale: Locale,
  levelRef: (id: number) => { level_id: number; name: string },
): Promise<BonusProgress[]> {
  const nameOf = await bonusTypeNames(db, locale);
  const inTable = userId < input.members.size;
  return typesToRun(await rulesInForce(db), null).flatMap((type): BonusProgress[] => {
    const { params } = type;
    if (!isMonthly(params.kind)) return [];
    let cents = 0;
    forEachPayout(input, [type], 'month', (p) => {
      if (p.userId === userId) cents += p.cents;
    });
    const eligible = levelId >= params.minLevel;
    const common = {
      type_key: type.key,
      type_name: nameOf(type.key),
      kind: params.kind,
      min_level: levelRef(params.minLevel),
      eligible,
      amount_so_far: formatCents(cents),
    };
    if (params.kind === 'poolShare') {
      const holdings = poolHoldings(params, input);
      const held = inTable ? holdings.shares[userId]! : 0;
      const cap = input.levels.get(levelId)?.shareCap ?? 0;
      return [
        {
          ...common,
          counted_sp: inTable ? holdings.base[userId]! : 0,
          depths: { min: 0, max: 1 },
          shares: {
            held,
            cap,
            sp_per_share: params.spPerShare,
            next_at: eligible && held < cap ? (held + 1) * params.spPerShare : null,
          },
        },
      ];
    }
    const p = params as Extract<typeof params, { kind: 'groupVolume' | 'treeDepth' }>;
    return [
      {
        ...common,
        counted_sp: inTable ? downlineVolumes(p, input)[userId]! : 0,
        depths: { min: p.minDepth, max: p.maxDepth },
        shares: null,
      },
    ];
  });
}

/** The member's WEC assessment, or what joining asks of a member who has not joined. */
async function wecOf(db: DbOrTx, userId: number, levelId: number, now: Date): Promise<MemberProgress['wec']> {
  const assessment = await assessmentIfAny(db, userId, now);
  if (assessment)
    return {
      status: assessment.status,
      eligible: true,
      ends_at: assessment.ends_at,
      days_left: assessment.days_left,
      conditions: assessment.conditions,
    };
  return {
    status: 'notJoined',
    eligible: levelId >= Level.Pioneer && levelId <= Level.Special,
    ends_at: null,
    days_left: null,
    conditions: await wecProgress(db, userId, now, now),
  };
}

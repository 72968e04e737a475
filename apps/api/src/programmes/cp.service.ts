import {
  BonusKey,
  type CpBonusRow,
  type CpInfo,
  type CpListItem,
  formatCents,
  type Locale,
  monthStartIn,
} from '@app/contracts';
import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import { CP_PAYOUT_TYPES } from '../bonus/bonus.schema';
import { countingOrder } from '../bonus/settlement';
import { bonusTypeNames } from '../bonus/type-names';
import { users } from '../members/members.schema';
import { nameOrDisplayNameContains } from '../members/name-search';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { containsPattern } from '../platform/db/paging';
import { conflict, notFound } from '../platform/http/errors';
import { qualifiedCps } from './programmes.schema';

/**
 * A credited type 8 or 11 payout (held and forfeited ones reached no wallet), in the words of
 * bonus_payouts_cp_order_idx's predicate so that index serves it.
 */
const cpPayout = sql.raw(`b.type_key in (${CP_PAYOUT_TYPES}) and b.status = 'paid'`);

async function memberOf(db: DbOrTx, id: number) {
  const [user] = await db
    .select({ id: users.id, name: users.name, user_no: users.userNo, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, id));
  if (!user || user.isAdmin) throw notFound('access.userDataNotFound');
  return { id: user.id, name: user.name, user_no: user.user_no };
}

/** Orders (alias o) of the providers a member referred: its channel. */
const channelOf = (userId: number) =>
  sql`o.provider_id in (select p.id from providers p where p.referrer_user_id = ${userId})`;

/**
 * `wecCpInfo`: channel SP this month (of the business time zone `zone`: currentTotal) and ever (total), the CP
 * referral reward its channel earned its sponsor (type 8, referralRewardGim) and its own CP profit (type 11, cpProfit).
 */
export async function cpInfo(db: DbOrTx, userId: number, zone: string, now = new Date()): Promise<CpInfo> {
  const user = await memberOf(db, userId);
  const monthStart = monthStartIn(now, zone).toISOString();
  const [sp] = await queryRows<{ current: string | number; total: string | number }>(
    db,
    sql`select coalesce(sum(o.sales_point) filter (where o.completed_at >= ${monthStart}), 0)::bigint as current,
               coalesce(sum(o.sales_point), 0)::bigint as total
        from orders o where ${channelOf(userId)} and ${countingOrder}`,
  );
  const [paid] = await queryRows<{ referral: string | number; profit: string | number; is_cp: boolean }>(
    db,
    sql`select coalesce(sum(b.cents) filter (where b.type_key = ${BonusKey.cpReferral}), 0)::bigint as referral,
               coalesce(sum(b.cents) filter (where b.type_key = ${BonusKey.cpProfit}), 0)::bigint as profit,
               exists (select 1 from qualified_cps c where c.user_id = ${userId}) as is_cp
        from bonus_payouts b join orders o on o.id = b.order_id
        where ${channelOf(userId)} and ${cpPayout} and b.reversed_at is null`,
  );
  return {
    user,
    is_cp: Boolean(paid?.is_cp),
    currentTotal: Number(sp?.current ?? 0),
    total: Number(sp?.total ?? 0),
    referralRewardGim: formatCents(Number(paid?.referral ?? 0)),
    cpProfit: formatCents(Number(paid?.profit ?? 0)),
  };
}

/** `bounsByGimCpId`: the type 8 and 11 payouts earned by a CP's channel orders. */
export async function cpBonuses(db: DbOrTx, userId: number, page: number, pageSize: number, locale: Locale) {
  await memberOf(db, userId);
  const typeName = await bonusTypeNames(db, locale);
  const where = sql`${channelOf(userId)} and ${cpPayout} and b.reversed_at is null`;
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from bonus_payouts b join orders o on o.id = b.order_id where ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    type_key: number;
    user_id: number;
    name: string;
    user_no: string;
    order_no: string;
    base_sp: string | number;
    cents: string | number;
    period: string;
  }>(
    db,
    sql`select b.id, b.type_key, u.id as user_id, u.name, u.user_no, o.order_no, b.base_sp, b.cents, b.period
        from bonus_payouts b join orders o on o.id = b.order_id join users u on u.id = b.user_id
        where ${where} order by b.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const list: CpBonusRow[] = rows.map((r) => ({
    id: Number(r.id),
    type_key: r.type_key,
    type_name: typeName(r.type_key),
    user: { id: r.user_id, name: r.name, user_no: r.user_no },
    order_no: r.order_no,
    sales_point: Number(r.base_sp),
    amount: formatCents(Number(r.cents)),
    period: r.period,
  }));
  return { list, meta: { total: count?.total ?? 0, page, pageSize } };
}

export async function markCp(tx: DbOrTx, actor: Caller, userId: number, zone: string) {
  await memberOf(tx, userId);
  const [row] = await tx.insert(qualifiedCps).values({ userId }).onConflictDoNothing().returning();
  if (!row) throw conflict('programme.alreadyCp');
  await audit(tx, actor, { action: 'create', entity: 'qualified_cp', entityId: userId, after: row });
  return cpInfo(tx, userId, zone);
}

export async function unmarkCp(tx: DbOrTx, actor: Caller, userId: number) {
  const [row] = await tx.delete(qualifiedCps).where(eq(qualifiedCps.userId, userId)).returning();
  if (!row) throw notFound('programme.notCp');
  await audit(tx, actor, { action: 'delete', entity: 'qualified_cp', entityId: userId, before: row });
}

/** /cp/cp: every Qualified CP with its figures (this month: of the business time zone `zone`). */
export async function listCps(
  db: DbOrTx,
  keyword: string | undefined,
  page: number,
  pageSize: number,
  zone: string,
) {
  const condition = keyword
    ? or(nameOrDisplayNameContains(keyword), ilike(users.userNo, containsPattern(keyword)))
    : undefined;
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(qualifiedCps)
    .innerJoin(users, eq(users.id, qualifiedCps.userId))
    .where(condition);
  const rows = await db
    .select({ userId: qualifiedCps.userId, createdAt: qualifiedCps.createdAt })
    .from(qualifiedCps)
    .innerJoin(users, eq(users.id, qualifiedCps.userId))
    .where(condition)
    .orderBy(desc(qualifiedCps.createdAt), desc(qualifiedCps.userId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const list: CpListItem[] = [];
  for (const r of rows)
    list.push({ ...(await cpInfo(db, r.userId, zone)), created_at: r.createdAt.toISOString() });
  return { list, meta: { total: Number(count?.total ?? 0), page, pageSize } };
}

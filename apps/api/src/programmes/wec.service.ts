import {
  ASSESSMENT,
  BonusKey,
  Level,
  systemText,
  type WecAssessmentDto,
  type WecStatus,
} from '@app/contracts';
import { and, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { payOneOff } from '../bonus/one-off';
import { users } from '../members/members.schema';
import { nameOrDisplayNameContains } from '../members/name-search';
import { audit } from '../platform/audit/audit';
import { type Caller, systemCaller } from '../platform/caller';
import type { Db, DbOrTx } from '../platform/db/client';
import { containsPattern } from '../platform/db/paging';
import { badRequest, notFound } from '../platform/http/errors';
import { repeatEvery } from '../platform/repeat';
import { wecAssessments } from './programmes.schema';
import { assessmentEnd, wecProgress } from './wec.conditions';

type AssessmentRow = typeof wecAssessments.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;

const userColumns = {
  id: users.id,
  name: users.name,
  user_no: users.userNo,
  level_id: users.levelId,
  is_wec: users.isWec,
  is_admin: users.isAdmin,
};

async function memberOf(db: DbOrTx, id: number) {
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, id));
  if (!user || user.is_admin) throw notFound('access.userDataNotFound');
  const { is_admin: _a, ...rest } = user;
  return rest;
}

async function assessmentOf(db: DbOrTx, userId: number, lock = false) {
  const query = db.select().from(wecAssessments).where(eq(wecAssessments.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

function statusOf(row: AssessmentRow, now: Date): WecStatus {
  if (row.completedAt) return 'completed';
  if (!row.startedAt || !row.endsAt) return 'joined';
  return now < row.endsAt ? 'running' : 'expired';
}

async function toDto(db: DbOrTx, row: AssessmentRow, now: Date): Promise<WecAssessmentDto> {
  const user = await memberOf(db, row.userId);
  const conditions = await wecProgress(db, row.userId, row.startedAt ?? now, row.endsAt ?? now);
  return {
    id: row.id,
    user,
    status: statusOf(row, now),
    joined_at: row.joinedAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    days_left: !row.endsAt
      ? null
      : row.completedAt
        ? 0
        : Math.max(0, Math.ceil((row.endsAt.getTime() - now.getTime()) / DAY_MS)),
    conditions,
  };
}

/** Joins the assessment: only Pioneers and Specials who are not WEC yet. Joining twice changes nothing. */
export async function joinAssessment(tx: DbOrTx, actor: Caller, userId: number, now = new Date()) {
  const user = await memberOf(tx, userId);
  const existing = await assessmentOf(tx, userId);
  if (existing) return toDto(tx, existing, now);
  if (user.level_id < Level.Pioneer) throw badRequest('programme.mustMeetConditions');
  if (user.level_id > Level.Special || user.is_wec) throw badRequest('programme.notEligible');
  const [row] = await tx.insert(wecAssessments).values({ userId, joinedAt: now }).returning();
  await audit(tx, actor, { action: 'create', entity: 'wec_assessment', entityId: userId, after: row });
  return toDto(tx, row!, now);
}

/** Start: the 60-day period runs from now. */
export async function startAssessment(tx: DbOrTx, actor: Caller, userId: number, now = new Date()) {
  const row = await assessmentOf(tx, userId, true);
  if (!row) throw badRequest('programme.notJoined');
  if (row.startedAt) throw badRequest('programme.alreadyStarted');
  const [started] = await tx
    .update(wecAssessments)
    .set({ startedAt: now, endsAt: assessmentEnd(now) })
    .where(eq(wecAssessments.id, row.id))
    .returning();
  await audit(tx, actor, {
    action: 'status',
    entity: 'wec_assessment',
    entityId: userId,
    before: row,
    after: started,
  });
  return toDto(tx, started!, now);
}

export async function getAssessment(db: DbOrTx, userId: number, now = new Date()) {
  const found = await assessmentIfAny(db, userId, now);
  if (!found) throw notFound('programme.notJoined');
  return found;
}

/** The member's assessment with its progress, null when the member has not joined. */
export async function assessmentIfAny(db: DbOrTx, userId: number, now = new Date()) {
  const row = await assessmentOf(db, userId);
  return row ? toDto(db, row, now) : null;
}

/**
 * Completes the assessment by hand ('Mark completed', for exceptions: the server completes it by itself,
 * completeMetAssessments) when every condition was met within the period: is_wec and reward type 10 (once).
 */
export async function completeAssessment(tx: DbOrTx, actor: Caller, userId: number, now = new Date()) {
  const row = await assessmentOf(tx, userId, true);
  if (!row) throw badRequest('programme.notJoined');
  if (row.completedAt) throw badRequest('programme.alreadyWec');
  if (!row.startedAt || !row.endsAt) throw badRequest('programme.notStarted');
  const conditions = await wecProgress(tx, userId, row.startedAt, row.endsAt);
  if (!conditions.every((c) => c.completed)) throw badRequest('programme.conditionsNotMet');
  return toDto(tx, await complete(tx, actor, row, now, 'manual'), now);
}

/**
 * The member becomes WEC: the assessment completed at `now`, `is_wec`, the type 10 reward (a ledger record,
 * once ever) and the audit row (`after.completed_by`: 'manual' or 'automatic'), all in `tx`.
 */
async function complete(
  tx: DbOrTx,
  actor: Caller,
  row: AssessmentRow,
  now: Date,
  completedBy: 'manual' | 'automatic',
) {
  const [done] = await tx
    .update(wecAssessments)
    .set({ completedAt: now })
    .where(eq(wecAssessments.id, row.id))
    .returning();
  await tx.update(users).set({ isWec: true, updatedAt: now }).where(eq(users.id, row.userId));
  const reward = await payOneOff(tx, BonusKey.wecReward, row.userId, systemText('remark.wecReward'));
  await audit(tx, actor, {
    action: 'status',
    entity: 'wec_assessment',
    entityId: row.userId,
    before: row,
    after: { ...done, reward, completed_by: completedBy },
  });
  return done!;
}

/**
 * Completes, each in a transaction of its own, every started assessment not completed yet whose conditions
 * are all met within its period: the running ones and those whose period ended less than
 * ASSESSMENT.autoCompleteGraceHours ago (the conditions count only what happened inside the period, so a
 * late check completes only what was met in time; nor does a check count what is stamped after it ran). Audited as the system's change. Several processes may
 * check at once: an assessment another one is completing is skipped. Returns the members made WEC.
 */
export async function completeMetAssessments(db: Db, now = new Date()): Promise<number[]> {
  const since = new Date(now.getTime() - ASSESSMENT.autoCompleteGraceHours * 60 * 60 * 1000);
  const open = await db
    .select({ userId: wecAssessments.userId })
    .from(wecAssessments)
    .where(
      and(
        isNull(wecAssessments.completedAt),
        lte(wecAssessments.startedAt, now),
        gt(wecAssessments.endsAt, since),
      ),
    )
    .orderBy(wecAssessments.id);
  const completed: number[] = [];
  for (const { userId } of open) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(wecAssessments)
        .where(and(eq(wecAssessments.userId, userId), isNull(wecAssessments.completedAt)))
        .for('update', { skipLocked: true });
      if (!row?.startedAt || !row.endsAt) return false;
      // What happened up to now (of the period): a check never counts a record stamped after it ran.
      const upTo = row.endsAt < now ? row.endsAt : now;
      const conditions = await wecProgress(tx, userId, row.startedAt, upTo);
      if (!conditions.every((c) => c.completed)) return false;
      await complete(tx, systemCaller('wec-auto-complete'), row, now, 'automatic');
      return true;
    });
    if (done) completed.push(userId);
  }
  return completed;
}

/**
 * Runs completeMetAssessments now and every ASSESSMENT.autoCompleteEveryMinutes, each check starting after
 * the previous one ended. Returns a stop function that waits for the check under way.
 */
export function keepCompletingAssessments(
  db: Db,
  onError: (error: unknown) => void,
  everyMs = ASSESSMENT.autoCompleteEveryMinutes * 60_000,
) {
  return repeatEvery(everyMs, () => completeMetAssessments(db), onError);
}

/** Takes a member out of the assessment (and off the WEC list); a reward once paid stays paid. */
export async function removeAssessment(tx: DbOrTx, actor: Caller, userId: number) {
  const row = await assessmentOf(tx, userId, true);
  if (!row) throw notFound('programme.notJoined');
  await tx.delete(wecAssessments).where(eq(wecAssessments.id, row.id));
  await tx.update(users).set({ isWec: false, updatedAt: new Date() }).where(eq(users.id, userId));
  await audit(tx, actor, { action: 'delete', entity: 'wec_assessment', entityId: userId, before: row });
}

export interface AssessmentFilter {
  keyword?: string;
  status?: WecStatus;
  completedOnly?: boolean;
}

function where(f: AssessmentFilter, now: Date): SQL | undefined {
  const byStatus: Record<WecStatus, SQL> = {
    completed: sql`${wecAssessments.completedAt} is not null`,
    joined: sql`${wecAssessments.completedAt} is null and ${wecAssessments.startedAt} is null`,
    running: sql`${wecAssessments.completedAt} is null and ${wecAssessments.endsAt} > ${now.toISOString()}`,
    expired: sql`${wecAssessments.completedAt} is null and ${wecAssessments.endsAt} <= ${now.toISOString()}`,
  };
  return and(
    f.keyword
      ? or(nameOrDisplayNameContains(f.keyword), ilike(users.userNo, containsPattern(f.keyword)))
      : undefined,
    f.status ? byStatus[f.status] : undefined,
    f.completedOnly ? isNotNull(wecAssessments.completedAt) : undefined,
  );
}

export async function listAssessments(
  db: DbOrTx,
  f: AssessmentFilter,
  page: number,
  pageSize: number,
  now = new Date(),
) {
  const condition = where(f, now);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(wecAssessments)
    .innerJoin(users, eq(users.id, wecAssessments.userId))
    .where(condition);
  const rows = await db
    .select({ a: wecAssessments })
    .from(wecAssessments)
    .innerJoin(users, eq(users.id, wecAssessments.userId))
    .where(condition)
    .orderBy(desc(wecAssessments.completedAt), desc(wecAssessments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const list = await Promise.all(rows.map((r) => toDto(db, r.a, now)));
  return { list, meta: { total: Number(count?.total ?? 0), page, pageSize } };
}

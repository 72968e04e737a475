import {
  type CredLog,
  type Locale,
  type ReportPackage,
  readSystemText,
  type UpstreamUser,
  USER_DETAIL_SECTIONS,
  type UserDetail,
  type userDetailQuery,
} from '@app/contracts';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { levelName } from '../access/current-user';
import type { DbOrTx } from '../platform/db/client';
import { notFound } from '../platform/http/errors';
import { qualifiedCps } from '../programmes/programmes.schema';
import { storedDownlineCount } from '../tree/tree.queries';
import { ancestorIds } from '../tree/tree-path';
import { personal } from './member.presenter';
import { findMember, memberFields } from './members.queries';
import { credLogs, levelHistory, levels, reportPackages, users } from './members.schema';
import type { Viewer } from './viewer';

/** `GET /api/users/{id}`: the member and the requested sections (all when `append` is absent). */
export async function loadUserDetail(
  db: DbOrTx,
  viewer: Viewer,
  id: number,
  q: z.output<typeof userDetailQuery>,
  locale: Locale,
): Promise<UserDetail> {
  const found = await findMember(db, viewer, id);
  if (!found) throw notFound('access.userNotFound');
  const { row } = found;
  const { balance: _b, frozen_balance: _f, ...item } = memberFields(viewer, row, locale);
  const detail: UserDetail = personal(viewer, {
    ...item,
    is_admin: row.user.isAdmin,
    identity: row.user.identity,
    is_wec: row.user.isWec,
    direct_count: found.directCount,
    ...(await cpStatus(db, id)),
  });
  const wanted = new Set(q.append ?? USER_DETAIL_SECTIONS);
  const user = row.user;
  if (wanted.has('upstream')) detail.upstream_users = await upstreamUsers(db, viewer, user.treePath, locale);
  if (wanted.has('iblommer')) Object.assign(detail, await iblommerStatus(db, user));
  if (wanted.has('level_history')) detail.level_history = await levelHistoryOf(db, id, locale);
  // What the member bought and was granted (AI report numbers, credit logs) is theirs: a member sees their own only.
  const ownOrAdmin = viewer.isAdmin || viewer.id === id;
  if (ownOrAdmin && wanted.has('packages')) detail.packages = await reportPackagesOf(db, id);
  if (ownOrAdmin && wanted.has('cred_logs'))
    detail.cred_logs = await credLogsOf(db, id, q.cred_page, q.cred_page_size);
  return detail;
}

/** The sponsor chain above a member, top-down, in one query over the ids of its path. */
async function upstreamUsers(
  db: DbOrTx,
  viewer: Viewer,
  path: string,
  locale: Locale,
): Promise<UpstreamUser[]> {
  const ids = ancestorIds(path);
  if (!ids.length) return [];
  const rows = await db
    .select({ user: users, level: levels })
    .from(users)
    .leftJoin(levels, eq(levels.id, users.levelId))
    .where(inArray(users.id, ids))
    .orderBy(asc(users.treeDepth));
  return rows.map(({ user, level }) =>
    personal(viewer, {
      id: user.id,
      name: user.name,
      user_no: user.userNo,
      tree_level: user.treeDepth,
      level: level ? { id: level.id, name: levelName(level, locale) } : null,
    }),
  );
}

/** When the member joined its iBloomer line (its upline is in every member row) and the size of its downline there. */
async function iblommerStatus(db: DbOrTx, user: typeof users.$inferSelect) {
  return {
    iblommer_user: user.iblommerJoinedAt ? { created_at: user.iblommerJoinedAt.toISOString() } : null,
    iblommer_downline_count: await storedDownlineCount(db, 'iblommer', user.id),
  };
}

/** Qualified CP status, kept by the programmes domain (qualified_cps). */
async function cpStatus(db: DbOrTx, userId: number) {
  const [cp] = await db.select().from(qualifiedCps).where(eq(qualifiedCps.userId, userId));
  return { is_cp: Boolean(cp), cp_joined_at: cp?.createdAt.toISOString() ?? null };
}

async function levelHistoryOf(db: DbOrTx, userId: number, locale: Locale) {
  const rows = await db
    .select({ entry: levelHistory, level: levels })
    .from(levelHistory)
    .innerJoin(levels, eq(levels.id, levelHistory.levelId))
    .where(eq(levelHistory.userId, userId))
    .orderBy(desc(levelHistory.createdAt), desc(levelHistory.id));
  return rows.map(({ entry, level }) => ({
    name: levelName(level, locale),
    remark: readSystemText(entry.remark, locale),
    created_at: entry.createdAt.toISOString(),
    pivot: { level_id: entry.levelId },
  }));
}

export function toReportPackage(p: typeof reportPackages.$inferSelect): ReportPackage {
  return {
    id: p.id,
    free_number: p.freeNumber,
    professional_number: p.professionalNumber,
    expert_number: p.expertNumber,
    foundation_number: p.foundationNumber,
    love_number: p.loveNumber,
    work_wealth_number: p.workWealthNumber,
    essential_life_number: p.essentialLifeNumber,
    remark: p.remark,
    created_at: p.createdAt.toISOString(),
  };
}

async function reportPackagesOf(db: DbOrTx, userId: number): Promise<ReportPackage[]> {
  const rows = await db
    .select()
    .from(reportPackages)
    .where(eq(reportPackages.userId, userId))
    .orderBy(desc(reportPackages.id));
  return rows.map(toReportPackage);
}

async function credLogsOf(db: DbOrTx, userId: number, page: number, pageSize: number) {
  const where = eq(credLogs.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(credLogs)
      .where(where)
      .orderBy(desc(credLogs.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(credLogs).where(where),
  ]);
  const logs: CredLog[] = rows.map((r) => ({
    id: r.id,
    ref: r.ref,
    creds: r.creds,
    ctype: r.ctype,
    entry: r.entry,
    time: r.createdAt.toISOString(),
  }));
  return { logs, total: total?.n ?? 0 };
}

import type { AuditActorKind, AuditView, auditQuery } from '@app/contracts';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../members/members.schema';
import { auditLogs } from '../platform/audit/audit.schema';
import type { DbOrTx } from '../platform/db/client';
import { keywordFilter } from '../platform/db/paging';
import { rangeEnd, rangeStart } from '../platform/http/date-range';

export type AuditFilter = z.output<typeof auditQuery>;

const SORT_COLUMNS = {
  created_at: auditLogs.id,
  action: auditLogs.action,
  entity: auditLogs.entity,
} as const;

/** The filters; a bare date is a day of the business time zone `zone`. */
export const auditWhere = (q: AuditFilter, zone: string) =>
  and(
    q.actor_id ? eq(auditLogs.actorId, q.actor_id) : undefined,
    q.actor_kind ? eq(auditLogs.actorKind, q.actor_kind) : undefined,
    keywordFilter(q.keyword, [users.name, auditLogs.ip]),
    q.action ? eq(auditLogs.action, q.action) : undefined,
    q.entity ? eq(auditLogs.entity, q.entity) : undefined,
    q.entity_id ? eq(auditLogs.entityId, q.entity_id) : undefined,
    q.date_from ? gte(auditLogs.createdAt, new Date(rangeStart(q.date_from, zone))) : undefined,
    q.date_to ? lt(auditLogs.createdAt, new Date(rangeEnd(q.date_to, zone))) : undefined,
  );

const selectAudit = (db: DbOrTx) =>
  db
    .select({ log: auditLogs, actorName: users.name })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId));

type AuditRow = Awaited<ReturnType<ReturnType<typeof selectAudit>['where']>>[number];

const toView = ({ log, actorName }: AuditRow): AuditView => ({
  id: log.id,
  actor_id: log.actorId,
  actor_kind: log.actorKind as AuditActorKind | null,
  actor_name: actorName,
  action: log.action,
  entity: log.entity,
  entity_id: log.entityId,
  before: log.before,
  after: log.after,
  ip: log.ip,
  user_agent: log.userAgent,
  created_at: log.createdAt.toISOString(),
});

/** How many rows `where` selects. */
export async function countAudit(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(where);
  return Number(row?.total ?? 0);
}

/** One page of the selected rows in the list's order (newest first unless sorted otherwise). */
export async function auditPage(
  db: DbOrTx,
  where: SQL | undefined,
  q: AuditFilter,
  window: { limit: number; offset: number },
): Promise<AuditView[]> {
  const direction = q.order.startsWith('asc') ? asc : desc;
  const rows = await selectAudit(db)
    .where(where)
    .orderBy(direction(SORT_COLUMNS[q.sort]), direction(auditLogs.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(toView);
}

/** The selected rows newest first, `limit` of them with ids below `beforeId` (an export's batches). */
export async function auditBefore(
  db: DbOrTx,
  where: SQL | undefined,
  beforeId: number | null,
  limit: number,
): Promise<AuditView[]> {
  const rows = await selectAudit(db)
    .where(and(where, beforeId === null ? undefined : lt(auditLogs.id, beforeId)))
    .orderBy(desc(auditLogs.id))
    .limit(limit);
  return rows.map(toView);
}

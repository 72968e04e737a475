import {
  type AuditActorKind,
  type AuditView,
  auditQuery,
  type Paged,
  Perm,
  sessionEndpoints,
} from '@app/contracts';
import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../members/members.schema';
import { auditLogs } from '../platform/audit/audit.schema';
import { businessTimeZone } from '../platform/business-time/business-time';
import { keywordFilter, paged, pageWindow } from '../platform/db/paging';
import { rangeEnd, rangeStart } from '../platform/http/date-range';
import { access, route } from '../platform/http/route';

type AuditFilter = z.output<typeof auditQuery>;

const SORT_COLUMNS = {
  created_at: auditLogs.id,
  action: auditLogs.action,
  entity: auditLogs.entity,
} as const;

/** The filters; a bare date is a day of the business time zone `zone`. */
const conditions = (q: AuditFilter, zone: string) =>
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

/** Who changed what, when and from where: the audit log, searchable, newest first unless sorted otherwise. */
const auditList = route({
  endpoint: sessionEndpoints.auditLog,
  reads: 'replica',
  access: access.admin(Perm.permissionAdmin),
  query: auditQuery,
  handler: async ({ app: { db }, query: q }): Promise<Paged<AuditView>> => {
    const where = conditions(q, await businessTimeZone(db));
    const [row] = await db
      .select({ total: count() })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(where);
    const { limit, offset } = pageWindow(q);
    const direction = q.order.startsWith('asc') ? asc : desc;
    const rows = await db
      .select({ log: auditLogs, actorName: users.name })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(where)
      .orderBy(direction(SORT_COLUMNS[q.sort]), direction(auditLogs.id))
      .limit(limit)
      .offset(offset);
    const list = rows.map(({ log, actorName }) => ({
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
    }));
    return paged(list, Number(row?.total ?? 0), q);
  },
});

export const auditLogRoutes = [auditList];

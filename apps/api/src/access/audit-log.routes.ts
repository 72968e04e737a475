import { type AuditView, auditQuery, type Paged, Perm } from '@app/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { users } from '../members/members.schema';
import { auditLogs } from '../platform/audit/audit.schema';
import { access, route } from '../platform/http/route';
import { paged, pageWindow } from './paging';

/** Who changed what, when: the audit log, newest first, optionally for one entity. */
const auditList = route({
  method: 'GET',
  url: '/api/permission/audit',
  access: access.admin(Perm.permissionAdmin),
  query: auditQuery,
  handler: async ({ app: { db }, query: q }): Promise<Paged<AuditView>> => {
    const where = and(
      q.entity ? eq(auditLogs.entity, q.entity) : undefined,
      q.entity_id ? eq(auditLogs.entityId, q.entity_id) : undefined,
    );
    const [row] = await db.select({ total: count() }).from(auditLogs).where(where);
    const { limit, offset } = pageWindow(q);
    const rows = await db
      .select({ log: auditLogs, actorName: users.name })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(where)
      .orderBy(desc(auditLogs.id))
      .limit(limit)
      .offset(offset);
    const list = rows.map(({ log, actorName }) => ({
      id: log.id,
      actor_id: log.actorId,
      actor_name: actorName,
      action: log.action,
      entity: log.entity,
      entity_id: log.entityId,
      before: log.before,
      after: log.after,
      ip: log.ip,
      created_at: log.createdAt.toISOString(),
    }));
    return paged(list, Number(row?.total ?? 0), q);
  },
});

export const auditLogRoutes = [auditList];

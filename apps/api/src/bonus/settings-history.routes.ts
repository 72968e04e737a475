import {
  bonusEndpoints,
  bonusTypeHistoryQuery,
  type Locale,
  levelHistoryQuery,
  type Paged,
  type PageQuery,
  Perm,
  type SettingsChange,
} from '@app/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { levels, users } from '../members/members.schema';
import { auditLogs } from '../platform/audit/audit.schema';
import type { DbOrTx } from '../platform/db/client';
import { paged, pageWindow } from '../platform/db/paging';
import { access, route } from '../platform/http/route';
import { bonusTypes } from './bonus.schema';
import { localName } from './localized';

type Named = { nameZhHk: string; nameZhCn: string; nameEn?: string; name?: string };

/**
 * The audit log's changes of one kind of bonus setting ('bonus_type' or 'level'), newest first, with who made
 * each (the administrator's name) and the name of what they changed in the caller's language.
 */
async function settingsHistory(
  db: DbOrTx,
  entity: 'bonus_type' | 'level',
  entityId: number | undefined,
  q: PageQuery,
  nameOf: (ids: number[]) => Promise<Map<number, Named>>,
  locale: Locale,
): Promise<Paged<SettingsChange>> {
  const where = and(
    eq(auditLogs.entity, entity),
    entityId === undefined ? undefined : eq(auditLogs.entityId, String(entityId)),
  );
  const { limit, offset } = pageWindow(q);
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(auditLogs).where(where),
    db
      .select({ log: auditLogs, actorName: users.name })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(where)
      .orderBy(desc(auditLogs.id))
      .limit(limit)
      .offset(offset),
  ]);
  const names = await nameOf([...new Set(rows.map((r) => Number(r.log.entityId)))]);
  const list = rows.map(({ log, actorName }) => {
    const id = Number(log.entityId);
    const named = names.get(id);
    return {
      id: log.id,
      action: log.action,
      entity_id: id,
      entity_name: named ? localName(named, locale) : String(log.entityId ?? ''),
      actor: { id: log.actorId, name: actorName, kind: log.actorKind },
      before: (log.before as Record<string, unknown> | null) ?? null,
      after: (log.after as Record<string, unknown> | null) ?? null,
      created_at: log.createdAt.toISOString(),
    };
  });
  return paged(list, Number(total?.n ?? 0), q);
}

/** `/config/index`: who changed which bonus type, when, and its settings before and after (audit log). */
const typeHistory = route({
  endpoint: bonusEndpoints.typeHistory,
  access: access.admin(Perm.bonusConfig),
  query: bonusTypeHistoryQuery,
  docs: {
    summary: 'History of the bonus types’ settings',
    description:
      'Every create and update of a bonus type from the audit log, newest first (`key`: of one type): who, ' +
      'when, and the fields changed before and after. docs/product/bonus.md "Settings history".',
  },
  handler: ({ app, query, locale }) =>
    settingsHistory(
      app.db,
      'bonus_type',
      query.key,
      query,
      async (keys) =>
        new Map(
          (keys.length
            ? await app.db.select().from(bonusTypes).where(inArray(bonusTypes.key, keys))
            : []
          ).map((t) => [t.key, t]),
        ),
      locale,
    ),
});

/** `/level/level`: who changed which level's ratios or share cap, when, before and after (audit log). */
const levelHistory = route({
  endpoint: bonusEndpoints.levelHistory,
  access: access.admin(Perm.levels),
  query: levelHistoryQuery,
  docs: {
    summary: 'History of the levels’ bonus settings',
    description:
      'Every change of a level’s ratios and share cap from the audit log, newest first (`id`: of one level): ' +
      'who, when, and the fields changed before and after. docs/product/bonus.md "Settings history".',
  },
  handler: ({ app, query, locale }) =>
    settingsHistory(
      app.db,
      'level',
      query.id,
      query,
      async (ids) =>
        new Map(
          (ids.length ? await app.db.select().from(levels).where(inArray(levels.id, ids)) : []).map((l) => [
            l.id,
            l,
          ]),
        ),
      locale,
    ),
});

export const settingsHistoryRoutes = [typeHistory, levelHistory];

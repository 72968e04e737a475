import { type AuditView, auditChangeLines, type MessageKey } from '@app/contracts';
import type { SQL } from 'drizzle-orm';
import type { AccountCaller } from '../platform/caller';
import type { Reader } from '../platform/db/read-replicas';
import { listExportJob } from '../platform/jobs/list-export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import { type AuditFilter, auditBefore, countAudit } from './audit-log.queries';

/** The operation log's columns, labelled as the screen labels them, in the reader's language and time zone. */
function auditColumns(reader: SheetReader) {
  const f = sheetFormat(reader);
  return [
    f.text('walletUi.id', (r: AuditView) => r.id, 10),
    f.time('audit.ui.time', (r: AuditView) => r.created_at),
    f.text('audit.ui.actor', (r: AuditView) => r.actor_name, 20),
    f.label('audit.ui.actorKind', (r: AuditView) =>
      r.actor_kind ? (`audit.actorKind.${r.actor_kind}` as const) : null,
    ),
    f.text('audit.ui.origin', (r: AuditView) => r.ip, 16),
    f.text('audit.ui.userAgent', (r: AuditView) => r.user_agent, 30),
    f.label('audit.ui.action', (r: AuditView) => `audit.action.${r.action}` as MessageKey, 16),
    f.label('audit.ui.targetType', (r: AuditView) => `audit.target.${r.entity}` as MessageKey, 20),
    f.text('audit.ui.targetId', (r: AuditView) => r.entity_id),
    f.text('audit.ui.changes', (r: AuditView) => auditChangeLines(r).join('\n'), 60),
  ];
}

/** `GET /api/permission/audit?export=1`: the rows the log's filters select, newest first, as a job. */
export function auditExportJob(
  reads: Reader,
  viewer: AccountCaller,
  q: AuditFilter,
  where: SQL | undefined,
  reader: SheetReader,
) {
  return listExportJob({
    kind: 'audit.export',
    viewer,
    query: q,
    fileName: 'operation-log.xlsx',
    columns: auditColumns(reader),
    reads,
    count: (db) => countAudit(db, where),
    before: (db, beforeId, limit) => auditBefore(db, where, beforeId, limit),
  });
}

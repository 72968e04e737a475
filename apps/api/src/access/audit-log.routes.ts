import {
  type AuditView,
  auditQuery,
  type JobStarted,
  type Paged,
  Perm,
  sessionEndpoints,
} from '@app/contracts';
import { businessTimeZone } from '../platform/business-time/business-time';
import { paged, pageWindow } from '../platform/db/paging';
import { jobReader } from '../platform/db/read-replicas';
import { access, route } from '../platform/http/route';
import { startXlsxJob } from '../platform/jobs/jobs.runner';
import { auditExportJob } from './audit-log.export';
import { auditPage, auditWhere, countAudit } from './audit-log.queries';

/**
 * Who changed what, when and from where: the audit log, searchable, newest first unless sorted otherwise; with
 * `export=1` every row the filters select as a spreadsheet job (docs/audit.md, "Searching it").
 */
const auditList = route({
  endpoint: sessionEndpoints.auditLog,
  reads: 'replica',
  access: access.admin(Perm.permissionAdmin),
  query: auditQuery,
  handler: async ({ app, caller, query: q, locale, timeZone }): Promise<Paged<AuditView> | JobStarted> => {
    const where = auditWhere(q, await businessTimeZone(app.db));
    if (q.export)
      return startXlsxJob(app.jobs, auditExportJob(jobReader(app), caller, q, where, { locale, timeZone }));
    const [total, list] = await Promise.all([
      countAudit(app.db, where),
      auditPage(app.db, where, q, pageWindow(q)),
    ]);
    return paged(list, total, q);
  },
});

export const auditLogRoutes = [auditList];

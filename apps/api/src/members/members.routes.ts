import {
  idParam,
  type JobStarted,
  memberEndpoints,
  Perm,
  REPORT_KINDS,
  type ReportKind,
  reportNumberBody,
  type UserListResult,
  type UserShow,
  userBulkStatusBody,
  userCreateBody,
  userDetailQuery,
  userListQuery,
  userUpdateBody,
} from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { jobReader } from '../platform/db/read-replicas';
import { eachRow } from '../platform/http/bulk';
import { forbidden, notFound } from '../platform/http/errors';
import { idempotent } from '../platform/http/idempotency';
import { access, route } from '../platform/http/route';
import { startXlsxJob } from '../platform/jobs/jobs.runner';
import { addMember, addReportPackage, deleteMember, updateMember } from './member-admin.service';
import { setMemberStatus } from './member-status';
import { memberExportJob } from './members.export';
import { findMember, listMembers, memberFields } from './members.queries';
import { reportPackages } from './members.schema';
import { loadUserDetail, toReportPackage } from './user-detail';
import { memberViewer } from './viewer';

/**
 * Admins (Perm.userList) list every member, and export the filtered list (`export=1`); members use it as a picker
 * over their own downline, masked.
 */
const list = route({
  endpoint: memberEndpoints.list,
  reads: 'replica',
  access: access.user,
  query: userListQuery,
  handler: async ({ app, caller, query, locale, timeZone }): Promise<UserListResult | JobStarted> => {
    const viewer = await memberViewer(app.db, caller);
    if (query.export) {
      if (!viewer.isAdmin) throw forbidden();
      return startXlsxJob(app.jobs, memberExportJob(jobReader(app), viewer, query, { locale, timeZone }));
    }
    const { list, total } = await listMembers(app.db, viewer, query, locale);
    return { list, meta: { total, page: query.page, pageSize: query.pageSize } };
  },
});

const create = route({
  endpoint: memberEndpoints.create,
  access: access.admin(Perm.userList),
  body: userCreateBody,
  message: 'common.addedSuccessfully',
  handler: ({ app, body, caller }) => app.db.transaction((tx) => addMember(tx, caller, body)),
});

const update = route({
  endpoint: memberEndpoints.update,
  access: access.admin(Perm.userList),
  params: idParam,
  body: userUpdateBody,
  message: 'common.editSuccessful',
  handler: ({ app, params, body, caller }) =>
    app.db.transaction((tx) => updateMember(tx, caller, params.id, body)),
});

const remove = route({
  endpoint: memberEndpoints.remove,
  access: access.admin(Perm.userList),
  params: idParam,
  message: 'common.deletedSuccessfully',
  handler: ({ app, params, caller }) => app.db.transaction((tx) => deleteMember(tx, caller, params.id)),
});

/** Enables or disables the selected members, each as the edit form would (docs/product/members.md, "Bulk actions"). */
const bulkStatus = route({
  endpoint: memberEndpoints.bulkStatus,
  docs: { idempotencyKey: true },
  access: access.admin(Perm.userList),
  body: userBulkStatusBody,
  handler: (ctx) =>
    idempotent(ctx, ctx.body, (tx) =>
      eachRow(tx, ctx.body.ids, ctx.locale, (row, id) =>
        setMemberStatus(row, ctx.caller, id, ctx.body.status),
      ),
    ),
});

/** Admins see anyone; a member sees themselves and their downline, other names masked. */
const detail = route({
  endpoint: memberEndpoints.view,
  access: access.user,
  params: idParam,
  query: userDetailQuery,
  handler: async ({ app, caller, params, query, locale }) =>
    loadUserDetail(app.db, await memberViewer(app.db, caller), params.id, query, locale),
});

const addReportNumber = route({
  endpoint: memberEndpoints.addReportNumber,
  access: access.admin(Perm.userList),
  params: idParam,
  body: reportNumberBody,
  message: 'common.addedSuccessfully',
  handler: async ({ app, params, body, caller }) =>
    toReportPackage(await app.db.transaction((tx) => addReportPackage(tx, caller, params.id, body))),
});

/** The signed-in member's own summary for the member pages. */
const show = route({
  endpoint: memberEndpoints.show,
  access: access.member(),
  handler: async ({ app, caller, locale }): Promise<UserShow> => {
    const viewer = { ...caller, treePath: null };
    const found = await findMember(app.db, viewer, caller.id);
    if (!found) throw notFound('access.userDataNotFound');
    const item = memberFields(viewer, found.row, locale);
    const [sums] = await app.db
      .select(
        Object.fromEntries(REPORT_KINDS.map((k) => [k, sumOf(k)])) as Record<
          ReportKind,
          ReturnType<typeof sumOf>
        >,
      )
      .from(reportPackages)
      .where(eq(reportPackages.userId, caller.id));
    return {
      id: item.id,
      name: item.name,
      display_name: item.display_name,
      user_no: item.user_no,
      level: item.level,
      tree_level: item.tree_level,
      direct_count: found.directCount,
      downline_count: item.downline_count,
      parent_user: item.parent_user,
      iblommer_parent_user: item.iblommer_parent_user,
      balance: item.balance,
      frozen_balance: item.frozen_balance,
      report_numbers: Object.fromEntries(REPORT_KINDS.map((k) => [k, Number(sums?.[k] ?? 0)])) as Record<
        ReportKind,
        number
      >,
      created_at: item.created_at,
    };
  },
});

/** Total of one report kind; any unlimited (-1) free grant makes the free total unlimited. */
const sumOf = (kind: ReportKind) =>
  kind === 'free_number'
    ? sql<number>`case when bool_or(${sql.identifier(kind)} = -1) then -1 else coalesce(sum(${sql.identifier(kind)}), 0) end`
    : sql<number>`coalesce(sum(${sql.identifier(kind)}), 0)`;

export const membersRoutes = [list, create, update, remove, bulkStatus, detail, addReportNumber, show];

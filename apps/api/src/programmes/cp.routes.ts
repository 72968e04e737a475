import { type CpListItem, cpListQuery, idParam, Perm, pageQuery, programmeUserBody } from '@app/contracts';
import { actorOf } from '../platform/http/actor';
import { access, route } from '../platform/http/route';
import { keysetBatches, streamXlsx } from '../platform/xlsx/export';
import { cpBonuses, cpInfo, listCps, markCp, unmarkCp } from './cp.service';
import { ownOrAdmin } from './scope';

const exportColumns = [
  { header: 'Member ID', value: (c: CpListItem) => c.user.user_no },
  { header: 'Name', value: (c: CpListItem) => c.user.name },
  { header: 'Current month SP', value: (c: CpListItem) => c.currentTotal },
  { header: 'Total SP', value: (c: CpListItem) => c.total },
  { header: 'Referral reward', value: (c: CpListItem) => c.referralRewardGim },
  { header: 'CP profit', value: (c: CpListItem) => c.cpProfit },
  { header: 'Qualified since', value: (c: CpListItem) => c.created_at },
];

/** /cp/cp list (export=1 streams .xlsx). */
const list = route({
  method: 'GET',
  url: '/api/members/cp/list',
  access: access.admin(Perm.programmes),
  query: cpListQuery,
  handler: async ({ app, query, reply }) => {
    if (!query.export) return listCps(app.db, query.keyword, query.page, query.pageSize);
    let page = 0;
    const batches = keysetBatches(
      async (_after, limit) => (await listCps(app.db, query.keyword, ++page, limit)).list,
      (c) => c.user.id,
      500,
    );
    return streamXlsx(reply, 'qualified-cp.xlsx', exportColumns, batches);
  },
});

const add = route({
  method: 'POST',
  url: '/api/members/addGimCpComplete',
  access: access.admin(Perm.programmes),
  body: programmeUserBody,
  message: 'common.addedSuccessfully',
  handler: ({ app, req, body }) => app.db.transaction((tx) => markCp(tx, actorOf(req), body.id)),
});

const remove = route({
  method: 'DELETE',
  url: '/api/members/removeGimCp',
  access: access.admin(Perm.programmes),
  query: programmeUserBody,
  message: 'common.deletedSuccessfully',
  handler: ({ app, req, query }) => app.db.transaction((tx) => unmarkCp(tx, actorOf(req), query.id)),
});

const info = route({
  method: 'GET',
  url: '/api/members/wecCpInfo/:id',
  access: access.holder(Perm.programmes),
  params: idParam,
  handler: ({ app, user, params }) => cpInfo(app.db, ownOrAdmin(user, params.id)),
});

const bonuses = route({
  method: 'GET',
  url: '/api/members/bounsByGimCpId/:id',
  access: access.holder(Perm.programmes),
  params: idParam,
  query: pageQuery,
  handler: ({ app, user, params, query }) =>
    cpBonuses(app.db, ownOrAdmin(user, params.id), query.page, query.pageSize),
});

export const cpRoutes = [list, add, remove, info, bonuses];

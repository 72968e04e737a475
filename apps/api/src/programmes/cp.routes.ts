import {
  type CpListItem,
  cpListQuery,
  idParam,
  Perm,
  pageQuery,
  programmeEndpoints,
  programmeUserBody,
} from '@app/contracts';
import { businessTimeZone } from '../platform/business-time/business-time';
import { access, route } from '../platform/http/route';
import { keysetBatches, streamXlsx } from '../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import { cpBonuses, cpInfo, listCps, markCp, unmarkCp } from './cp.service';
import { ownOrAdmin } from './scope';

function exportColumns(reader: SheetReader) {
  const f = sheetFormat(reader);
  return [
    f.text('programmes.memberNo', (c: CpListItem) => c.user.user_no),
    f.text('programmes.member', (c: CpListItem) => c.user.name),
    f.text('programmes.cp.currentTotal', (c: CpListItem) => c.currentTotal),
    f.text('programmes.cp.total', (c: CpListItem) => c.total),
    f.money('programmes.cp.referralRewardGim', (c: CpListItem) => c.referralRewardGim),
    f.money('programmes.cp.cpProfit', (c: CpListItem) => c.cpProfit),
    f.date('programmes.cp.since', (c: CpListItem) => c.created_at),
  ];
}

/** /cp/cp list (export=1 streams .xlsx). */
const list = route({
  endpoint: programmeEndpoints.cpList,
  access: access.admin(Perm.programmes),
  query: cpListQuery,
  handler: async ({ app, query, reply, locale, timeZone }) => {
    const zone = await businessTimeZone(app.db);
    if (!query.export) return listCps(app.db, query.keyword, query.page, query.pageSize, zone);
    let page = 0;
    const batches = keysetBatches(
      async (_after, limit) => (await listCps(app.db, query.keyword, ++page, limit, zone)).list,
      (c) => c.user.id,
      500,
    );
    return streamXlsx(reply, 'qualified-cp.xlsx', exportColumns({ locale, timeZone }), batches);
  },
});

const add = route({
  endpoint: programmeEndpoints.addCpComplete,
  access: access.admin(Perm.programmes),
  body: programmeUserBody,
  message: 'common.addedSuccessfully',
  handler: async ({ app, body, caller }) => {
    const zone = await businessTimeZone(app.db);
    return app.db.transaction((tx) => markCp(tx, caller, body.id, zone));
  },
});

const remove = route({
  endpoint: programmeEndpoints.removeCp,
  access: access.admin(Perm.programmes),
  query: programmeUserBody,
  message: 'common.deletedSuccessfully',
  handler: ({ app, query, caller }) => app.db.transaction((tx) => unmarkCp(tx, caller, query.id)),
});

const info = route({
  endpoint: programmeEndpoints.wecCpInfo,
  access: access.holder(Perm.programmes),
  params: idParam,
  handler: async ({ app, caller, params }) =>
    cpInfo(app.db, ownOrAdmin(caller, params.id), await businessTimeZone(app.db)),
});

const bonuses = route({
  endpoint: programmeEndpoints.bonusByCp,
  access: access.holder(Perm.programmes),
  params: idParam,
  query: pageQuery,
  handler: ({ app, caller, params, query, locale }) =>
    cpBonuses(app.db, ownOrAdmin(caller, params.id), query.page, query.pageSize, locale),
});

export const cpRoutes = [list, add, remove, info, bonuses];

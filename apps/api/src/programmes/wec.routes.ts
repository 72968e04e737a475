import {
  type Endpoint,
  formatCount,
  idParam,
  Perm,
  programmeEndpoints,
  programmeUserBody,
  WEC_CONDITIONS,
  type WecAssessmentDto,
  type WecConditionProgress,
  wecJoinBody,
  wecListQuery,
} from '@app/contracts';
import { fieldError } from '../platform/http/errors';
import { access, route } from '../platform/http/route';
import { keysetBatches, streamXlsx } from '../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import { ownOrAdmin } from './scope';
import {
  completeAssessment,
  getAssessment,
  joinAssessment,
  listAssessments,
  removeAssessment,
  startAssessment,
} from './wec.service';

/** The WEC list's spreadsheet in the reader's language: one column per condition, "current/required ✓". */
function exportColumns(reader: SheetReader) {
  const f = sheetFormat(reader);
  const progress = (c: WecConditionProgress) =>
    `${formatCount(c.current, reader.locale)}/${formatCount(c.required, reader.locale)}${c.completed ? ' ✓' : ''}`;
  return [
    f.text('programmes.memberNo', (a: WecAssessmentDto) => a.user.user_no),
    f.text('programmes.member', (a: WecAssessmentDto) => a.user.name),
    f.label('programmes.status', (a: WecAssessmentDto) => `programmes.status.${a.status}` as const),
    f.time('programmes.startedAt', (a: WecAssessmentDto) => a.started_at),
    f.time('programmes.endsAt', (a: WecAssessmentDto) => a.ends_at),
    f.time('programmes.completedAt', (a: WecAssessmentDto) => a.completed_at),
    ...WEC_CONDITIONS.map((key, i) =>
      f.text(`programmes.cond.${key}`, (a: WecAssessmentDto) => progress(a.conditions[i]!), 24),
    ),
  ];
}

function listRoute(target: Endpoint, completedOnly: boolean, perm: typeof Perm.wec | typeof Perm.programmes) {
  return route({
    endpoint: target,
    access: access.admin(perm),
    query: wecListQuery,
    handler: async ({ app, query, reply, locale, timeZone }) => {
      const filter = { keyword: query.keyword, status: query.status, completedOnly };
      if (!query.export) return listAssessments(app.db, filter, query.page, query.pageSize);
      let page = 0;
      const batches = keysetBatches(
        async (_after, limit) => (await listAssessments(app.db, filter, ++page, limit)).list,
        undefined,
        500,
      );
      const columns = exportColumns({ locale, timeZone });
      return streamXlsx(reply, completedOnly ? 'wec-completed.xlsx' : 'wep.xlsx', columns, batches);
    },
  });
}

/** /sa/sa: every member in the assessment with progress (export with export=1). */
const list = listRoute(programmeEndpoints.wecList, false, Perm.wec);
/** /m2b/m2b: the members who completed it. */
const completed = listRoute(programmeEndpoints.wecCompleted, true, Perm.programmes);

/** A member joins (itself); an admin may name the member with user_id. */
const join = route({
  endpoint: programmeEndpoints.addMember,
  access: access.holder(Perm.wec),
  body: wecJoinBody,
  message: 'programme.alreadyJoined',
  handler: ({ app, caller, body }) => {
    if (caller.isAdmin && !body.user_id) throw fieldError('user_id', 'validation.required');
    const id = ownOrAdmin(caller, body.user_id ?? caller.id);
    return app.db.transaction((tx) => joinAssessment(tx, caller, id));
  },
});

/** An admin enrols a member. */
const enrol = route({
  endpoint: programmeEndpoints.addWecAssessment,
  access: access.admin(Perm.wec),
  params: idParam,
  message: 'programme.alreadyJoined',
  handler: ({ app, params, caller }) => app.db.transaction((tx) => joinAssessment(tx, caller, params.id)),
});

/** Start: the 60 days begin now. */
const start = route({
  endpoint: programmeEndpoints.updateWec,
  access: access.holder(Perm.wec),
  params: idParam,
  message: 'common.operationSuccessful',
  handler: ({ app, caller, params }) =>
    app.db.transaction((tx) => startAssessment(tx, caller, ownOrAdmin(caller, params.id))),
});

/** The assessment of a member with each condition's progress (/wep, /user/wep/:id). */
const show = route({
  endpoint: programmeEndpoints.wec,
  access: access.holder(Perm.wec),
  params: idParam,
  handler: ({ app, caller, params }) => getAssessment(app.db, ownOrAdmin(caller, params.id)),
});

const complete = route({
  endpoint: programmeEndpoints.addWepComplete,
  access: access.admin(Perm.wec),
  body: programmeUserBody,
  message: 'common.operationSuccessful',
  handler: ({ app, body, caller }) => app.db.transaction((tx) => completeAssessment(tx, caller, body.id)),
});

const remove = route({
  endpoint: programmeEndpoints.removeWep,
  access: access.admin(Perm.wec),
  query: programmeUserBody,
  message: 'common.deletedSuccessfully',
  handler: ({ app, query, caller }) => app.db.transaction((tx) => removeAssessment(tx, caller, query.id)),
});

export const wecRoutes = [list, completed, join, enrol, start, show, complete, remove];

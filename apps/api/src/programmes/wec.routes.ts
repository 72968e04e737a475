import {
  idParam,
  Perm,
  programmeUserBody,
  type WecAssessmentDto,
  wecJoinBody,
  wecListQuery,
} from '@app/contracts';
import { actorOf } from '../platform/http/actor';
import { fieldError } from '../platform/http/errors';
import { access, route } from '../platform/http/route';
import { keysetBatches, streamXlsx } from '../platform/xlsx/export';
import { ownOrAdmin } from './scope';
import {
  completeAssessment,
  getAssessment,
  joinAssessment,
  listAssessments,
  removeAssessment,
  startAssessment,
} from './wec.service';

const conditionCell = (a: WecAssessmentDto, i: number) => {
  const c = a.conditions[i]!;
  return `${c.current}/${c.required}${c.completed ? ' ✓' : ''}`;
};
const exportColumns = [
  { header: 'Member ID', value: (a: WecAssessmentDto) => a.user.user_no },
  { header: 'Name', value: (a: WecAssessmentDto) => a.user.name },
  { header: 'Status', value: (a: WecAssessmentDto) => a.status },
  { header: 'Started', value: (a: WecAssessmentDto) => a.started_at },
  { header: 'Ends', value: (a: WecAssessmentDto) => a.ends_at },
  { header: 'Completed', value: (a: WecAssessmentDto) => a.completed_at },
  { header: 'Direct referrals', value: (a: WecAssessmentDto) => conditionCell(a, 0) },
  { header: 'Pioneer or above', value: (a: WecAssessmentDto) => conditionCell(a, 1) },
  { header: '2nd generation SP', value: (a: WecAssessmentDto) => conditionCell(a, 2) },
  { header: '3rd generation SP', value: (a: WecAssessmentDto) => conditionCell(a, 3) },
  { header: 'Channel providers', value: (a: WecAssessmentDto) => conditionCell(a, 4) },
];

function listRoute(url: string, completedOnly: boolean, perm: typeof Perm.wec | typeof Perm.programmes) {
  return route({
    method: 'GET',
    url,
    access: access.admin(perm),
    query: wecListQuery,
    handler: async ({ app, query, reply }) => {
      const filter = { keyword: query.keyword, status: query.status, completedOnly };
      if (!query.export) return listAssessments(app.db, filter, query.page, query.pageSize);
      let page = 0;
      const batches = keysetBatches(
        async (_after, limit) => (await listAssessments(app.db, filter, ++page, limit)).list,
        undefined,
        500,
      );
      return streamXlsx(reply, completedOnly ? 'wec-completed.xlsx' : 'wep.xlsx', exportColumns, batches);
    },
  });
}

/** /sa/sa: every member in the assessment with progress (export with export=1). */
const list = listRoute('/api/members/list', false, Perm.wec);
/** /m2b/m2b: the members who completed it. */
const completed = listRoute('/api/members/completeWec/list', true, Perm.programmes);

/** A member joins (itself); an admin may name the member with user_id. */
const join = route({
  method: 'POST',
  url: '/api/members/add',
  access: access.holder(Perm.wec),
  body: wecJoinBody,
  message: 'programme.alreadyJoined',
  handler: ({ app, req, user, body }) => {
    if (user.isAdmin && !body.user_id) throw fieldError('user_id', 'validation.required');
    const id = ownOrAdmin(user, body.user_id ?? user.id);
    return app.db.transaction((tx) => joinAssessment(tx, actorOf(req), id));
  },
});

/** An admin enrols a member. */
const enrol = route({
  method: 'POST',
  url: '/api/members/addWecAssessment/:id',
  access: access.admin(Perm.wec),
  params: idParam,
  message: 'programme.alreadyJoined',
  handler: ({ app, req, params }) => app.db.transaction((tx) => joinAssessment(tx, actorOf(req), params.id)),
});

/** Start: the 60 days begin now. */
const start = route({
  method: 'POST',
  url: '/api/members/wec/:id',
  access: access.holder(Perm.wec),
  params: idParam,
  message: 'common.operationSuccessful',
  handler: ({ app, req, user, params }) =>
    app.db.transaction((tx) => startAssessment(tx, actorOf(req), ownOrAdmin(user, params.id))),
});

/** The assessment of a member with each condition's progress (/wep, /user/wep/:id). */
const show = route({
  method: 'GET',
  url: '/api/members/wec/:id',
  access: access.holder(Perm.wec),
  params: idParam,
  handler: ({ app, user, params }) => getAssessment(app.db, ownOrAdmin(user, params.id)),
});

const complete = route({
  method: 'POST',
  url: '/api/members/addWepComplete',
  access: access.admin(Perm.wec),
  body: programmeUserBody,
  message: 'common.operationSuccessful',
  handler: ({ app, req, body }) => app.db.transaction((tx) => completeAssessment(tx, actorOf(req), body.id)),
});

const remove = route({
  method: 'DELETE',
  url: '/api/members/removeWep',
  access: access.admin(Perm.wec),
  query: programmeUserBody,
  message: 'common.deletedSuccessfully',
  handler: ({ app, req, query }) => app.db.transaction((tx) => removeAssessment(tx, actorOf(req), query.id)),
});

export const wecRoutes = [list, completed, join, enrol, start, show, complete, remove];

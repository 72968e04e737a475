import { createRechargeFields, idParam, Perm, rechargeListQuery } from '@app/contracts';
import { audit } from '../platform/audit/audit';
import { idempotent } from '../platform/http/idempotency';
import { access, route } from '../platform/http/route';
import { parseOrThrow } from '../platform/http/validation';
import { readRechargeForm } from './proof-upload';
import { auditView, createRecharge, listRecharges, rechargeProof, settleRecharge } from './recharge.service';

const settleRoute = (outcome: 'complete' | 'reject') =>
  route({
    method: 'POST',
    url: `/api/recharge/${outcome}/:id`,
    docs: { idempotencyKey: true },
    access: access.admin(Perm.recharge),
    params: idParam,
    message: 'common.operationSuccessful',
    handler: (ctx) =>
      idempotent(ctx, null, async (tx) => {
        const { before, after } = await settleRecharge(tx, ctx.params.id, outcome, ctx.user.id);
        await audit(tx, ctx.req, {
          action: outcome,
          entity: 'recharge',
          entityId: after.id,
          before: auditView(before),
          after: auditView(after),
        });
        return { id: after.id, status: after.status };
      }),
  });

export const rechargeRoutes = [
  route({
    method: 'GET',
    url: '/api/recharge/list',
    access: access.admin(Perm.recharge),
    query: rechargeListQuery,
    handler: ({ app, query }) => listRecharges(app.db, query),
  }),
  route({
    method: 'POST',
    url: '/api/recharge/create',
    docs: { idempotencyKey: true },
    access: access.admin(Perm.recharge),
    rawBody: true,
    message: 'common.addedSuccessfully',
    handler: async (ctx) => {
      const form = await readRechargeForm(ctx.req);
      const fields = parseOrThrow(createRechargeFields, form.fields);
      return idempotent(ctx, { fields, proof: form.proofHash }, async (tx) => {
        const row = await createRecharge(tx, fields, form.proof, ctx.user.id);
        await audit(tx, ctx.req, {
          action: 'create',
          entity: 'recharge',
          entityId: row.id,
          after: auditView(row),
        });
        return { id: row.id, status: row.status };
      });
    },
  }),
  settleRoute('complete'),
  settleRoute('reject'),
  route({
    method: 'GET',
    url: '/api/recharge/:id/proof',
    access: access.admin(Perm.recharge),
    params: idParam,
    handler: async ({ app, params, reply }) => {
      const proof = await rechargeProof(app.db, params.id);
      return reply
        .header('content-type', proof.type)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(proof.data);
    },
  }),
];

import { createRechargeFields, idParam, Perm, rechargeEndpoints, rechargeListQuery } from '@app/contracts';
import { idempotent } from '../platform/http/idempotency';
import { access, route } from '../platform/http/route';
import { parseOrThrow } from '../platform/http/validation';
import { RECHARGE_FORM_LIMITS, readRechargeForm } from './proof-upload';
import {
  createRechargeAudited,
  listRecharges,
  rechargeProof,
  settleRechargeAudited,
} from './recharge.service';

const settleRoute = (outcome: 'complete' | 'reject') =>
  route({
    endpoint: rechargeEndpoints[outcome],
    docs: { idempotencyKey: true },
    access: access.admin(Perm.recharge),
    params: idParam,
    message: 'common.operationSuccessful',
    handler: (ctx) =>
      idempotent(ctx, null, async (tx) => {
        const after = await settleRechargeAudited(tx, ctx.caller, ctx.params.id, outcome, ctx.caller.id);
        return { id: after.id, status: after.status };
      }),
  });

export const rechargeRoutes = [
  route({
    endpoint: rechargeEndpoints.list,
    reads: 'replica',
    access: access.admin(Perm.recharge),
    query: rechargeListQuery,
    handler: ({ app, query }) => listRecharges(app.db, query),
  }),
  route({
    endpoint: rechargeEndpoints.create,
    docs: { idempotencyKey: true },
    access: access.admin(Perm.recharge),
    rawBody: true,
    message: 'common.addedSuccessfully',
    handler: async (ctx) => {
      const { req } = ctx;
      const form = await readRechargeForm(
        req.isMultipart() ? req.parts({ limits: RECHARGE_FORM_LIMITS }) : null,
        req.body,
      );
      const fields = parseOrThrow(createRechargeFields, form.fields);
      return idempotent(ctx, { fields, proof: form.proofHash }, async (tx) => {
        const row = await createRechargeAudited(tx, ctx.caller, fields, form.proof, ctx.caller.id);
        return { id: row.id, status: row.status };
      });
    },
  }),
  settleRoute('complete'),
  settleRoute('reject'),
  route({
    endpoint: rechargeEndpoints.proof,
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

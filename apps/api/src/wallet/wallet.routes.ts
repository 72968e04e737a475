import {
  formatCents,
  idParam,
  Perm,
  sendTransferBody,
  transferListQuery,
  transferRecipientQuery,
  type WalletSummary,
  walletEndpoints,
  walletRecordListQuery,
  walletRecordQuery,
} from '@app/contracts';
import { businessTimeZone } from '../platform/business-time/business-time';
import { actorOf } from '../platform/http/actor';
import { forbidden } from '../platform/http/errors';
import { idempotent } from '../platform/http/idempotency';
import type { Principal } from '../platform/http/principal';
import { access, route } from '../platform/http/route';
import { startXlsxJob } from '../platform/jobs/jobs.runner';
import { checkInvariant } from './invariant';
import { walletBalance } from './ledger';
import { recordExportJob } from './record-export';
import { findRecipient, listTransfers, sendTransferAudited } from './transfers.service';
import { listRecords, userRecords } from './wallet.queries';
import { loadPrincipalWithBalance } from './wallet-holder';

/** Members see only their own wallet; administrators holding the permission see anyone's. */
function assertOwnWallet(user: Principal, userId: number) {
  if (!user.isAdmin && user.id !== userId) throw forbidden();
}

export const walletRoutes = [
  route({
    endpoint: walletEndpoints.recordList,
    access: access.admin(Perm.walletRecord),
    query: walletRecordListQuery,
    handler: async ({ app, query, user, locale, timeZone }) =>
      query.export
        ? startXlsxJob(app.jobs, await recordExportJob(app.db, user, query, { locale, timeZone }))
        : listRecords(app.db, query, await businessTimeZone(app.db)),
  }),
  route({
    endpoint: walletEndpoints.invariant,
    access: access.admin(Perm.walletRecord),
    handler: ({ app }) => checkInvariant(app.db),
  }),
  route({
    endpoint: walletEndpoints.transferList,
    access: access.holder(Perm.transfer),
    query: transferListQuery,
    handler: ({ app, query, user }) => listTransfers(app.db, query, user),
  }),
  route({
    endpoint: walletEndpoints.recipient,
    access: access.member(Perm.transfer),
    query: transferRecipientQuery,
    handler: ({ app, query, user }) => findRecipient(app.db, user.id, query.user_no),
  }),
  route({
    endpoint: walletEndpoints.sendTransfer,
    docs: { idempotencyKey: true },
    access: access.member(Perm.transfer),
    body: sendTransferBody,
    message: 'wallet.transferSuccessful',
    handler: (ctx) =>
      idempotent(ctx, ctx.body, (tx) =>
        sendTransferAudited(tx, actorOf(ctx.req), {
          fromUserId: ctx.user.id,
          toUserNo: ctx.body.user_no,
          amountCents: ctx.body.amount,
          remark: ctx.body.remark,
        }),
      ),
  }),
  route({
    endpoint: walletEndpoints.summary,
    access: access.holder(Perm.walletRecord),
    params: idParam,
    loadPrincipal: loadPrincipalWithBalance,
    handler: async ({ app, params, user }): Promise<WalletSummary> => {
      assertOwnWallet(user, params.id);
      const balance = params.id === user.id ? user.ownBalance : await walletBalance(app.db, params.id);
      return {
        user_id: params.id,
        total: formatCents(balance.availableCents),
        freezeTotal: formatCents(balance.frozenCents),
      };
    },
  }),
  route({
    endpoint: walletEndpoints.records,
    access: access.holder(Perm.walletRecord),
    params: idParam,
    query: walletRecordQuery,
    handler: ({ app, params, query, user }) => {
      assertOwnWallet(user, params.id);
      return userRecords(app.db, params.id, query);
    },
  }),
];

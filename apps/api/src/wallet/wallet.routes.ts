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
import type { AccountCaller } from '../platform/caller';
import { jobReader } from '../platform/db/read-replicas';
import { forbidden } from '../platform/http/errors';
import { idempotent } from '../platform/http/idempotency';
import { access, route } from '../platform/http/route';
import { startXlsxJob } from '../platform/jobs/jobs.runner';
import { checkInvariant } from './invariant';
import { walletBalance } from './ledger';
import { recordExportJob } from './record-export';
import { transferExportJob } from './transfers.export';
import { findRecipient, listTransfers, sendTransferAudited } from './transfers.service';
import { listRecords, userRecords } from './wallet.queries';
import { loadCallerWithBalance } from './wallet-holder';

/** Members see only their own wallet; administrators holding the permission see anyone's. */
function assertOwnWallet(caller: AccountCaller, userId: number) {
  if (!caller.isAdmin && caller.id !== userId) throw forbidden();
}

export const walletRoutes = [
  route({
    endpoint: walletEndpoints.recordList,
    reads: 'replica',
    access: access.admin(Perm.walletRecord),
    query: walletRecordListQuery,
    handler: async ({ app, query, caller, locale, timeZone }) =>
      query.export
        ? startXlsxJob(app.jobs, await recordExportJob(jobReader(app), caller, query, { locale, timeZone }))
        : listRecords(app.db, query, await businessTimeZone(app.db), locale),
  }),
  route({
    endpoint: walletEndpoints.invariant,
    reads: 'replica',
    access: access.admin(Perm.walletRecord),
    handler: ({ app }) => checkInvariant(app.db),
  }),
  route({
    endpoint: walletEndpoints.transferList,
    reads: 'replica',
    access: access.holder(Perm.transfer),
    query: transferListQuery,
    handler: ({ app, query, caller, locale, timeZone }) =>
      query.export
        ? startXlsxJob(app.jobs, transferExportJob(jobReader(app), caller, query, { locale, timeZone }))
        : listTransfers(app.db, query, caller),
  }),
  route({
    endpoint: walletEndpoints.recipient,
    access: access.member(Perm.transfer),
    query: transferRecipientQuery,
    handler: ({ app, query, caller }) => findRecipient(app.db, caller, query.user_no),
  }),
  route({
    endpoint: walletEndpoints.sendTransfer,
    docs: { idempotencyKey: true },
    access: access.member(Perm.transfer),
    body: sendTransferBody,
    message: 'wallet.transferSuccessful',
    handler: (ctx) =>
      idempotent(ctx, ctx.body, (tx) =>
        sendTransferAudited(tx, ctx.caller, {
          fromUserId: ctx.caller.id,
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
    loadCaller: loadCallerWithBalance,
    handler: async ({ app, params, caller }): Promise<WalletSummary> => {
      assertOwnWallet(caller, params.id);
      const balance = params.id === caller.id ? caller.ownBalance : await walletBalance(app.db, params.id);
      return {
        user_id: params.id,
        total: formatCents(balance.availableCents),
        freezeTotal: formatCents(balance.frozenCents),
      };
    },
  }),
  route({
    endpoint: walletEndpoints.records,
    reads: 'replica',
    access: access.holder(Perm.walletRecord),
    params: idParam,
    query: walletRecordQuery,
    handler: ({ app, params, query, caller, locale }) => {
      assertOwnWallet(caller, params.id);
      return userRecords(app.db, params.id, query, locale);
    },
  }),
];

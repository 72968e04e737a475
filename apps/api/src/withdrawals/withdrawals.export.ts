import type { WithdrawalItem } from '@app/contracts';
import type { AccountCaller } from '../platform/caller';
import type { Reader } from '../platform/db/read-replicas';
import { listExportJob } from '../platform/jobs/list-export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import {
  countWithdrawals,
  type WithdrawalFilter,
  withdrawalsBefore,
  withdrawalWhere,
} from './withdrawals.service';

/** The columns of the withdrawal list, in the reader's language and time zone. */
function withdrawalColumns(reader: SheetReader) {
  const f = sheetFormat(reader);
  return [
    f.text('walletUi.id', (w: WithdrawalItem) => w.id, 10),
    f.text('walletUi.member', (w: WithdrawalItem) => w.user.name, 24),
    f.text('walletUi.memberId', (w: WithdrawalItem) => w.user.user_no),
    f.money('walletUi.amount', (w: WithdrawalItem) => w.amount),
    f.text('walletUi.bankCardNumber', (w: WithdrawalItem) => w.bank_card_number, 22),
    f.text('walletUi.bankCode', (w: WithdrawalItem) => w.bank_code),
    f.text('walletUi.bankName', (w: WithdrawalItem) => w.bank_name, 24),
    f.label('walletUi.status', (w: WithdrawalItem) => `walletUi.withdraw.${w.status}` as const),
    f.text('walletUi.reason', (w: WithdrawalItem) => w.reason, 30),
    f.text('walletUi.remark', (w: WithdrawalItem) => w.remark, 30),
    f.time('walletUi.time', (w: WithdrawalItem) => w.created_at),
  ];
}

/** `GET /api/wallet/admin/list?export=1`: the applications the list's filters select, as a job. */
export async function withdrawalExportJob(
  reads: Reader,
  viewer: AccountCaller,
  q: WithdrawalFilter,
  reader: SheetReader,
) {
  const where = await reads((db) => withdrawalWhere(db, q));
  return listExportJob({
    kind: 'withdrawals.export',
    viewer,
    query: q,
    fileName: 'withdrawals.xlsx',
    columns: withdrawalColumns(reader),
    reads,
    count: (db) => countWithdrawals(db, where),
    before: (db, beforeId, limit) => withdrawalsBefore(db, where, beforeId, limit),
  });
}

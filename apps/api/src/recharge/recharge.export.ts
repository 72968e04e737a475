import type { RechargeItem } from '@app/contracts';
import type { AccountCaller } from '../platform/caller';
import type { Reader } from '../platform/db/read-replicas';
import { listExportJob } from '../platform/jobs/list-export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import { countRecharges, type RechargeFilter, rechargesBefore, rechargeWhere } from './recharge.service';

/** The columns of the recharge list, in the reader's language and time zone. */
function rechargeColumns(reader: SheetReader) {
  const f = sheetFormat(reader);
  return [
    f.text('walletUi.id', (r: RechargeItem) => r.id, 10),
    f.text('walletUi.member', (r: RechargeItem) => r.user.name, 24),
    f.text('walletUi.memberId', (r: RechargeItem) => r.user.user_no),
    f.money('walletUi.amount', (r: RechargeItem) => r.amount),
    f.text('walletUi.points', (r: RechargeItem) => r.points, 10),
    f.text('walletUi.remark', (r: RechargeItem) => r.remark, 30),
    f.label('walletUi.status', (r: RechargeItem) => `walletUi.recharge.${r.status}` as const),
    f.time('walletUi.time', (r: RechargeItem) => r.created_at),
  ];
}

/** `GET /api/recharge/list?export=1`: the recharges the list's filters select, as a job. */
export async function rechargeExportJob(
  reads: Reader,
  viewer: AccountCaller,
  q: RechargeFilter,
  reader: SheetReader,
) {
  const where = await reads((db) => rechargeWhere(db, q));
  return listExportJob({
    kind: 'recharges.export',
    viewer,
    query: q,
    fileName: 'recharges.xlsx',
    columns: rechargeColumns(reader),
    reads,
    count: (db) => countRecharges(db, where),
    before: (db, beforeId, limit) => rechargesBefore(db, where, beforeId, limit),
  });
}

import type { TransferItem } from '@app/contracts';
import type { AccountCaller } from '../platform/caller';
import type { Reader } from '../platform/db/read-replicas';
import { listExportJob } from '../platform/jobs/list-export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import { countTransfers, type TransferFilters, transfersBefore } from './transfers.service';

const person = (u: TransferItem['from_user']) => `${u.name} (${u.user_no})`;

/** The columns of the transfer list, in the reader's language and time zone (names as the viewer reads them). */
function transferColumns(reader: SheetReader) {
  const f = sheetFormat(reader);
  return [
    f.text('walletUi.id', (r: TransferItem) => r.id, 10),
    f.time('walletUi.time', (r: TransferItem) => r.created_at),
    f.label('statement.direction', (r: TransferItem) => `statement.direction.${r.direction}` as const, 10),
    f.text('walletUi.from', (r: TransferItem) => person(r.from_user), 28),
    f.text('walletUi.to', (r: TransferItem) => person(r.to_user), 28),
    f.money('walletUi.amount', (r: TransferItem) => r.amount),
    f.text('walletUi.remark', (r: TransferItem) => r.remark, 30),
  ];
}

/**
 * `GET /api/wallet/transferList?export=1`: the transfers the viewer may read (a member: their own) that the filters keep,
 * as a job.
 */
export function transferExportJob(
  reads: Reader,
  viewer: AccountCaller,
  query: Record<string, unknown> & TransferFilters,
  reader: SheetReader,
) {
  return listExportJob({
    kind: 'transfers.export',
    viewer,
    query,
    fileName: 'transfers.xlsx',
    columns: transferColumns(reader),
    reads,
    count: (db) => countTransfers(db, viewer, query),
    before: (db, beforeId, limit) => transfersBefore(db, viewer, beforeId, limit, query),
  });
}

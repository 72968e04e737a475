import type { WalletRecordItem } from '@app/contracts';
import type { Db } from '../platform/db/client';
import type { Principal } from '../platform/http/principal';
import type { XlsxJob } from '../platform/jobs/jobs.runner';
import { type Column, keysetBatches } from '../platform/xlsx/export';
import { countRecords, type RecordFilter, recordBatchFetcher } from './wallet.queries';

const ACTION = { 1: 'add', 2: 'reduce' } as const;

/** Columns of the `/api/wallet/recordList?export=1` spreadsheet (amounts as decimal text, never floats). */
export const RECORD_EXPORT_COLUMNS: readonly Column<WalletRecordItem>[] = [
  { header: 'Record No', value: (r) => r.wallet_record_no },
  { header: 'Member ID', value: (r) => r.user.user_no },
  { header: 'Member', value: (r) => r.user.name, width: 24 },
  { header: 'Kind', value: (r) => r.kind },
  { header: 'Bonus type', value: (r) => r.bonus_type },
  { header: 'Action', value: (r) => ACTION[r.action] },
  { header: 'Status', value: (r) => r.state },
  { header: 'Amount', value: (r) => r.amount },
  { header: 'Balance after', value: (r) => r.balance_after },
  { header: 'Frozen after', value: (r) => r.frozen_after },
  { header: 'Month', value: (r) => r.month },
  { header: 'Day', value: (r) => r.day },
  { header: 'Reference', value: (r) => (r.reference_type ? `${r.reference_type}:${r.reference_id}` : null) },
  { header: 'Remark', value: (r) => r.remark, width: 30 },
  { header: 'Created at', value: (r) => r.created_at, width: 24 },
];

/** The export as a job (the ledger is the largest table): the filtered records in id order. */
export function recordExportJob(db: Db, viewer: Principal, q: RecordFilter): XlsxJob<WalletRecordItem> {
  const { page: _page, pageSize: _size, export: _export, ...params } = q;
  return {
    kind: 'wallet.records.export',
    ownerId: viewer.id,
    params,
    fileName: `wallet-records-${new Date().toISOString().slice(0, 10)}.xlsx`,
    columns: RECORD_EXPORT_COLUMNS,
    count: () => countRecords(db, q),
    batches: () => keysetBatches(recordBatchFetcher(db, q)),
  };
}

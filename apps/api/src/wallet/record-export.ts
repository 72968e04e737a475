import { dayIn, type WalletRecordItem } from '@app/contracts';
import { bonusTypeNames } from '../bonus/type-names';
import { businessTimeZone } from '../platform/business-time/business-time';
import type { AccountCaller } from '../platform/caller';
import type { Db } from '../platform/db/client';
import type { Reader } from '../platform/db/read-replicas';
import type { XlsxJob } from '../platform/jobs/jobs.runner';
import { keysetBatches } from '../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import { countRecords, type RecordFilter, recordBatchFetcher } from './wallet.queries';

const ACTION = { 1: 'walletUi.actionAdd', 2: 'walletUi.actionReduce' } as const;

/** Columns of the `/api/wallet/recordList?export=1` spreadsheet, in the reader's language and time zone. */
async function recordExportColumns(db: Db, reader: SheetReader) {
  const f = sheetFormat(reader);
  const bonusType = await bonusTypeNames(db, reader.locale);
  return [
    f.text('walletUi.recordNo', (r: WalletRecordItem) => r.wallet_record_no),
    f.text('walletUi.memberId', (r: WalletRecordItem) => r.user.user_no),
    f.text('walletUi.member', (r: WalletRecordItem) => r.user.name, 24),
    f.label('walletUi.kind', (r: WalletRecordItem) => `walletUi.kind.${r.kind}` as const),
    f.text('bonus.type', (r: WalletRecordItem) => (r.bonus_type === null ? null : bonusType(r.bonus_type))),
    f.label('walletUi.action', (r: WalletRecordItem) => ACTION[r.action]),
    f.label('walletUi.status', (r: WalletRecordItem) => `walletUi.state.${r.state}` as const),
    f.money('walletUi.amount', (r: WalletRecordItem) => r.amount),
    f.money('walletUi.balanceAfter', (r: WalletRecordItem) => r.balance_after),
    f.money('walletUi.frozenAfter', (r: WalletRecordItem) => r.frozen_after),
    f.text('walletUi.month', (r: WalletRecordItem) => r.month),
    f.text('walletUi.day', (r: WalletRecordItem) => r.day),
    f.text('walletUi.reference', (r: WalletRecordItem) =>
      r.reference_type ? `${r.reference_type}:${r.reference_id}` : null,
    ),
    f.text('walletUi.remark', (r: WalletRecordItem) => r.remark, 30),
    f.time('walletUi.time', (r: WalletRecordItem) => r.created_at),
  ];
}

/** The export as a job (the ledger is the largest table): the filtered records in id order. */
export async function recordExportJob(
  reads: Reader,
  viewer: AccountCaller,
  q: RecordFilter,
  reader: SheetReader,
): Promise<XlsxJob<WalletRecordItem>> {
  const { page: _page, pageSize: _size, export: _export, ...params } = q;
  // The filter's days, and the file's date, are days of the business time zone.
  const zone = await reads((db) => businessTimeZone(db));
  const fetch = recordBatchFetcher(q, zone, reader.locale);
  return {
    kind: 'wallet.records.export',
    ownerId: viewer.id,
    params,
    fileName: `wallet-records-${dayIn(new Date(), zone)}.xlsx`,
    columns: await reads((db) => recordExportColumns(db, reader)),
    count: () => reads((db) => countRecords(db, q, zone)),
    batches: () => keysetBatches((afterId, limit) => reads((db) => fetch(db, afterId, limit))),
  };
}

import {
  formatDateTime,
  type MessageKey,
  STATEMENT_LIST_CAP,
  type Statement,
  type StatementPayout,
  translate,
} from '@app/contracts';
import type { AccountCaller } from '../../platform/caller';
import type { DbOrTx } from '../../platform/db/client';
import { type FixedCell, type FixedSheet, keysetBatches } from '../../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../../platform/xlsx/format';
import { bonusTypeNames } from '../type-names';
import {
  memberStatement,
  type StatementMonth,
  type StatementSubject,
  statementPayoutBatch,
} from './statement.service';

const money = (amount: string): FixedCell => ({ money: amount });

/**
 * The statement as a spreadsheet in the reader's language and time zone: a summary sheet (the statement's
 * figures and lists), then every payout of the month (streamed in id order: a member can have thousands).
 */
export async function statementSheets(
  db: DbOrTx,
  viewer: AccountCaller,
  subject: StatementSubject,
  m: StatementMonth,
  reader: SheetReader,
) {
  const f = sheetFormat(reader);
  const statement = await memberStatement(db, viewer, subject, m, reader.locale);
  const typeName = await bonusTypeNames(db, reader.locale);
  const columns = [
    f.text('statement.day', (p: StatementPayout) => p.day, 12),
    f.text('statement.period', (p: StatementPayout) => p.period, 12),
    f.text('bonus.type', (p: StatementPayout) => p.type_name, 24),
    f.label('statement.status', (p: StatementPayout) => `statement.payoutStatus.${p.status}` as const),
    f.money('statement.amount', (p: StatementPayout) => p.amount),
    f.text('statement.orderNo', (p: StatementPayout) => p.order_no, 16),
    f.text('statement.salesPoint', (p: StatementPayout) => p.sales_point),
    f.time('statement.reversedAt', (p: StatementPayout) => p.reversed_at),
    f.time('statement.paidAt', (p: StatementPayout) => p.created_at),
  ];
  return {
    filename: `statement-${subject.user_no}-${m.month}.xlsx`,
    sheetName: f.t('statement.sheet.payouts'),
    columns,
    batches: keysetBatches((afterId, limit) =>
      statementPayoutBatch(db, subject, m, typeName, afterId, limit),
    ),
    summary: summarySheet(statement, reader),
  };
}

/** The statement's figures and lists, section by section, as the page shows them. */
function summarySheet(s: Statement, reader: SheetReader): FixedSheet {
  const { t } = sheetFormat(reader);
  const time = (value: string) => formatDateTime(value, reader.timeZone);
  const rows: FixedCell[][] = [];
  const heading = (key: MessageKey) => rows.push([], [t(key)]);
  const truncated = (shown: boolean) => {
    if (shown)
      rows.push([translate('statement.listTruncated', reader.locale, { count: STATEMENT_LIST_CAP })]);
  };
  rows.push(
    [t('statement.title')],
    [t('statement.member'), s.member.name],
    [t('statement.memberNo'), s.member.user_no],
    [t('statement.month'), s.month],
    [t('statement.timeZone'), s.time_zone],
  );
  if (s.partial) rows.push([t('statement.partial')]);

  heading('statement.byType');
  rows.push([
    t('bonus.type'),
    t('statement.paidCount'),
    t('statement.credited'),
    t('statement.heldCount'),
    t('statement.held'),
    t('statement.forfeitedCount'),
    t('statement.forfeited'),
  ]);
  for (const line of s.types)
    rows.push([
      line.name,
      line.paid_count,
      money(line.credited),
      line.held_count,
      money(line.held),
      line.forfeited_count,
      money(line.forfeited),
    ]);
  rows.push(
    [],
    [t('statement.payoutCount'), s.totals.payouts],
    [t('statement.credited'), money(s.totals.credited)],
    [t('statement.reversed'), money(s.totals.reversed)],
    [t('statement.net'), money(s.totals.net)],
    [t('statement.held'), money(s.totals.held)],
    [t('statement.forfeited'), money(s.totals.forfeited)],
  );

  heading('statement.reversals');
  rows.push([
    t('statement.recordNo'),
    t('statement.orderNo'),
    t('bonus.type'),
    t('statement.amount'),
    t('statement.reversedAt'),
    t('statement.payoutDay'),
  ]);
  for (const r of s.reversals.list)
    rows.push([
      r.wallet_record_no,
      r.order_no,
      r.type_name,
      money(r.amount),
      time(r.reversed_at),
      r.payout_day,
    ]);
  rows.push([t('statement.total'), s.reversals.count, null, money(s.reversals.amount)]);
  truncated(s.reversals.truncated);

  heading('statement.withdrawals');
  rows.push([
    t('statement.appliedAt'),
    t('statement.amount'),
    t('statement.status'),
    t('statement.updatedAt'),
  ]);
  for (const w of s.withdrawals.list)
    rows.push([
      time(w.created_at),
      money(w.amount),
      t(`statement.withdrawal.${w.status}` as MessageKey),
      time(w.updated_at),
    ]);
  for (const b of s.withdrawals.by_status)
    rows.push([t(`statement.withdrawal.${b.status}` as MessageKey), money(b.amount), b.count]);
  rows.push([t('statement.total'), money(s.withdrawals.amount), s.withdrawals.count]);
  truncated(s.withdrawals.truncated);

  heading('statement.transfers');
  rows.push([
    t('walletUi.time'),
    t('statement.direction'),
    t('statement.counterpartyNo'),
    t('statement.counterparty'),
    t('statement.amount'),
    t('statement.remark'),
  ]);
  for (const x of s.transfers.list)
    rows.push([
      time(x.created_at),
      t(`statement.direction.${x.direction}`),
      x.counterparty.user_no,
      x.counterparty.name,
      money(x.amount),
      x.remark,
    ]);
  rows.push(
    [t('statement.transferIn'), s.transfers.in.count, null, null, money(s.transfers.in.amount)],
    [t('statement.transferOut'), s.transfers.out.count, null, null, money(s.transfers.out.amount)],
  );
  truncated(s.transfers.truncated);

  heading('statement.wallet');
  rows.push(
    [t('statement.openingBalance'), money(s.wallet.opening_available)],
    [t('statement.openingFrozen'), money(s.wallet.opening_frozen)],
    [t('statement.kind'), t('statement.count'), t('statement.availableChange')],
  );
  for (const mv of s.wallet.movements)
    rows.push([t(`walletUi.kind.${mv.kind}`), mv.count, money(mv.available)]);
  rows.push(
    [t('statement.closingBalance'), money(s.wallet.closing_available)],
    [t('statement.closingFrozen'), money(s.wallet.closing_frozen)],
    [],
    [t('statement.basis')],
  );
  return { name: t('statement.sheet.summary'), rows, widths: [28, 18, 24, 18, 18, 18, 18] };
}

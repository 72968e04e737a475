import { formatCents, type MessageKey, type OrderFilter, orderFieldVisible } from '@app/contracts';
import type { SQL } from 'drizzle-orm';
import type { AccountCaller } from '../platform/caller';
import { type Db, withoutParallelWorkers } from '../platform/db/client';
import type { XlsxJob } from '../platform/jobs/jobs.runner';
import type { CellValue } from '../platform/xlsx/cells';
import { type Column, numberedBatches } from '../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import { ORDER_FILE_CELLS, ORDER_IMPORT_COLUMNS, orderFileHeader } from './orders.import';
import {
  forgetExportNumbers,
  numberedOrders,
  numberOrdersForExport,
  type OrderJoinRow,
  orderState,
} from './orders.queries';

type ImportColumn = (typeof ORDER_IMPORT_COLUMNS)[number];
const MONEY = new Set<ImportColumn>(['amount', 'platform_profit', 'platform_rebate', 'supplier_rebate']);

/** How to read an import column off a joined order (built once per column, not per cell). */
function importCell(column: ImportColumn): (r: OrderJoinRow) => CellValue {
  switch (column) {
    case 'user_no':
      return (r) => r.buyer.user_no;
    case 'wordpress_id':
      return (r) => r.buyerPlatformId;
    case 'referer_user_no':
      return (r) => r.referer?.user_no;
    case 'provider_no':
      return (r) => r.provider?.provider_no;
    case 'order_at':
      return (r) => r.order.orderAt.toISOString();
    case 'completed_at':
      return (r) => r.order.completedAt?.toISOString();
    case 'amount':
      return (r) => formatCents(r.order.amountCents);
    case 'platform_profit':
      return (r) => formatCents(r.order.platformProfitCents);
    case 'platform_rebate':
      return (r) => formatCents(r.order.platformRebateCents);
    case 'supplier_rebate':
      return (r) => formatCents(r.order.supplierRebateCents);
    case 'sales_point':
      return (r) => r.order.salesPoint;
    default: {
      const key = column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) as keyof OrderJoinRow['order'];
      return (r) => r.order[key] as CellValue;
    }
  }
}

/** An import column as the export writes it: codes as their labels, times in the reader's zone, money as numbers. */
function fileColumn(f: ReturnType<typeof sheetFormat>, column: ImportColumn): Column<OrderJoinRow> {
  const value = importCell(column);
  const header = orderFileHeader(column);
  const labels: Record<string, Record<string, MessageKey>> = ORDER_FILE_CELLS.labels;
  const byCode = labels[column];
  if (byCode) return f.label(header, (r) => byCode[String(value(r))] ?? null);
  if ((ORDER_FILE_CELLS.times as readonly string[]).includes(column))
    return f.time(header, (r) => value(r) as string | undefined);
  return MONEY.has(column) ? f.money(header, value) : f.text(header, value, 20);
}

/**
 * Columns of the orders export, headed in the reader's language: the order number, names for people and the
 * state (ORDER_STATES), then the import columns, their codes translated and their times in the reader's time zone
 * (the import takes them back: it knows the headers and labels in every language and reads the times in the
 * importer's zone, ORDER_FILE_CELLS). Members get none of the admin-only fields
 * (ADMIN_ONLY_ORDER_FIELDS: profit and rebate figures, WordPress ids) and see others' names masked (`name` comes
 * already shown).
 */
export function orderExportColumns(
  isAdmin: boolean,
  shownName: (r: OrderJoinRow, who: 'buyer' | 'referer' | 'sponsor') => string | null,
  reader: SheetReader,
): Column<OrderJoinRow>[] {
  const f = sheetFormat(reader);
  const imports = ORDER_IMPORT_COLUMNS.filter((c) => orderFieldVisible(isAdmin, c));
  return [
    f.text('orders.file.order_no', (r: OrderJoinRow) => r.order.orderNo),
    f.text('orders.file.user', (r: OrderJoinRow) => shownName(r, 'buyer')),
    f.text('orders.file.order_referer', (r: OrderJoinRow) => shownName(r, 'referer')),
    f.text('orders.file.user_referer', (r: OrderJoinRow) => shownName(r, 'sponsor')),
    f.text('orders.file.provider', (r: OrderJoinRow) => r.provider?.name),
    f.label('orders.file.state', (r: OrderJoinRow) => `orders.state.${orderState(r.order)}` as const),
    ...imports.map((c) => fileColumn(f, c)),
  ];
}

type ShownName = Parameters<typeof orderExportColumns>[1];

/**
 * The orders export as a job: the filtered set (`where`, already scoped to the viewer), newest
 * completed first, numbered when the job starts.
 */
export function orderExportJob(
  db: Db,
  viewer: AccountCaller,
  filter: OrderFilter,
  where: SQL | undefined,
  shownName: ShownName,
  reader: SheetReader,
): XlsxJob<OrderJoinRow> {
  const { page: _page, pageSize: _size, sort: _sort, order: _order, export: _export, ...params } = filter;
  return {
    kind: 'orders.export',
    ownerId: viewer.id,
    params,
    fileName: 'orders.xlsx',
    columns: orderExportColumns(viewer.isAdmin, shownName, reader),
    count: (jobId) => numberOrdersForExport(db, jobId, where),
    batches: (jobId, total) => exportBatches(db, jobId, total),
  };
}

/** The numbered orders, a batch at a time; the numbers are forgotten once read (or with the job). */
export async function* exportBatches(db: Db, jobId: string, total: number, batchSize?: number) {
  try {
    yield* numberedBatches(
      total,
      (from, to) => withoutParallelWorkers(db, (tx) => numberedOrders(tx, jobId, from, to)),
      batchSize,
    );
  } finally {
    await forgetExportNumbers(db, jobId);
  }
}

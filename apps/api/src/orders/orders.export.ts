import { formatCents, type OrderFilter, orderFieldVisible } from '@app/contracts';
import type { SQL } from 'drizzle-orm';
import { type Db, withoutParallelWorkers } from '../platform/db/client';
import type { Principal } from '../platform/http/principal';
import type { XlsxJob } from '../platform/jobs/jobs.runner';
import type { CellValue } from '../platform/xlsx/cells';
import { type Column, numberedBatches } from '../platform/xlsx/export';
import { ORDER_IMPORT_COLUMNS } from './orders.import';
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

/**
 * Columns of the orders export: the order number, names for people and the state (ORDER_STATES), then the
 * import columns (so an export imports back unchanged). Members get none of the
 * admin-only fields (ADMIN_ONLY_ORDER_FIELDS: profit and rebate figures, WordPress ids)
 * and see others' names masked (`name` comes already shown).
 */
export function orderExportColumns(
  isAdmin: boolean,
  shownName: (r: OrderJoinRow, who: 'buyer' | 'referer' | 'sponsor') => string | null,
): Column<OrderJoinRow>[] {
  const imports = ORDER_IMPORT_COLUMNS.filter((c) => orderFieldVisible(isAdmin, c));
  return [
    { header: 'order_no', value: (r) => r.order.orderNo },
    { header: 'user', value: (r) => shownName(r, 'buyer') },
    { header: 'order_referer', value: (r) => shownName(r, 'referer') },
    { header: 'user_referer', value: (r) => shownName(r, 'sponsor') },
    { header: 'provider', value: (r) => r.provider?.name },
    { header: 'state', value: (r) => orderState(r.order) },
    ...imports.map((c) => ({
      header: c,
      value: importCell(c),
      width: MONEY.has(c) ? 14 : 20,
    })),
  ];
}

type ShownName = Parameters<typeof orderExportColumns>[1];

/**
 * The orders export as a job: the filtered set (`where`, already scoped to the viewer), newest
 * completed first, numbered when the job starts.
 */
export function orderExportJob(
  db: Db,
  viewer: Principal,
  filter: OrderFilter,
  where: SQL | undefined,
  shownName: ShownName,
): XlsxJob<OrderJoinRow> {
  const { page: _page, pageSize: _size, sort: _sort, order: _order, export: _export, ...params } = filter;
  return {
    kind: 'orders.export',
    ownerId: viewer.id,
    params,
    fileName: 'orders.xlsx',
    columns: orderExportColumns(viewer.isAdmin, shownName),
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

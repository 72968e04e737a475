import { formatCents, orderFieldVisible } from '@app/contracts';
import type { CellValue } from '../platform/xlsx/cells';
import type { Column } from '../platform/xlsx/export';
import { ORDER_IMPORT_COLUMNS } from './orders.import';
import type { OrderJoinRow } from './orders.queries';

type ImportColumn = (typeof ORDER_IMPORT_COLUMNS)[number];
const MONEY = new Set<ImportColumn>(['amount', 'platform_profit', 'platform_rebate', 'supplier_rebate']);

function importCell(r: OrderJoinRow, column: ImportColumn): CellValue {
  const o = r.order;
  switch (column) {
    case 'user_no':
      return r.buyer.user_no;
    case 'wordpress_id':
      return r.buyerPlatformId;
    case 'referer_user_no':
      return r.referer?.user_no;
    case 'provider_no':
      return r.provider?.provider_no;
    case 'order_at':
      return o.orderAt.toISOString();
    case 'completed_at':
      return o.completedAt?.toISOString();
    case 'amount':
      return formatCents(o.amountCents);
    case 'platform_profit':
      return formatCents(o.platformProfitCents);
    case 'platform_rebate':
      return formatCents(o.platformRebateCents);
    case 'supplier_rebate':
      return formatCents(o.supplierRebateCents);
    case 'sales_point':
      return o.salesPoint;
    default: {
      const key = column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) as keyof typeof o;
      return o[key] as CellValue;
    }
  }
}

/**
 * Columns of the orders export: the order number and names for people, then the
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
    ...imports.map((c) => ({
      header: c,
      value: (r: OrderJoinRow) => importCell(r, c),
      width: MONEY.has(c) ? 14 : 20,
    })),
  ];
}

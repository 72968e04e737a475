import { type MessageKey, type OrderIngest, orderIngestBody, Perm } from '@app/contracts';
import { audit } from '../platform/audit/audit';
import { parseOrThrow } from '../platform/http/validation';
import type { ImportSpec } from '../platform/xlsx/import';
import { ingestOrder, type ResolvedOrder, resolveOrder } from './orders.service';

/** Columns the order template and import use (the order export carries them too, so it imports back). */
export const ORDER_IMPORT_COLUMNS = [
  'platform_order_no',
  'status',
  'subtype',
  'source_type',
  'user_no',
  'wordpress_id',
  'referer_user_no',
  'product_id',
  'product_name',
  'provider_no',
  'amount',
  'sales_point',
  'platform_profit',
  'platform_rebate',
  'supplier_rebate',
  'platform_order_no_origin',
  'refund_no',
  'order_at',
  'completed_at',
] as const satisfies ReadonlyArray<keyof OrderIngest>;

/** A column's header in the order files (export, refund and monthly tables), translated. */
export const orderFileHeader = (column: OrderFileColumn) => `orders.file.${column}` as const;
type OrderFileColumn =
  Extract<MessageKey, `orders.file.${string}`> extends `orders.file.${infer C}` ? C : never;

/** Orders from a sheet: idempotent by platform_order_no, exactly like the ingestion endpoint. */
export const orderImport: ImportSpec<ResolvedOrder> = {
  kind: 'order',
  columns: ORDER_IMPORT_COLUMNS,
  header: (column) => orderFileHeader(column as (typeof ORDER_IMPORT_COLUMNS)[number]),
  perm: Perm.orders,
  prepare: (db, row) => resolveOrder(db, parseOrThrow(orderIngestBody, row)),
  async apply(tx, rows, actor) {
    const created: string[] = [];
    for (const row of rows) {
      const result = await ingestOrder(tx, row);
      if (result.created) created.push(result.order.orderNo);
    }
    await audit(tx, actor, { action: 'import', entity: 'order', after: { created } });
  },
};

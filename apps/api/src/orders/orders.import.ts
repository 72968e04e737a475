import {
  type MessageKey,
  ORDER_STATUSES,
  ORDER_SUBTYPES,
  type OrderIngest,
  orderIngestBody,
  Perm,
} from '@app/contracts';
import { audit } from '../platform/audit/audit';
import { parseOrThrow } from '../platform/http/validation';
import type { ImportSpec } from '../platform/xlsx/import';
import type { ImportCells } from '../platform/xlsx/import-cells';
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

const labelsOf = <C extends string | number>(codes: readonly C[], key: (code: C) => MessageKey) =>
  Object.fromEntries(codes.map((code) => [String(code), key(code)]));

/**
 * The order files' codes shown as labels (the export writes them translated, the import takes either), and their
 * times (written in the reader's time zone, read in the importer's).
 */
export const ORDER_FILE_CELLS = {
  labels: {
    status: labelsOf(ORDER_STATUSES, (s) => `orders.status.${s}` as MessageKey),
    subtype: labelsOf(ORDER_SUBTYPES, (s) => `orders.subtype.${s}` as const),
    source_type: labelsOf([1, 2, 3] as const, (s) => `orders.source.${s}` as const),
  },
  times: ['order_at', 'completed_at'],
} as const satisfies ImportCells;

/** Orders from a sheet: idempotent by platform_order_no, exactly like the ingestion endpoint. */
export const orderImport: ImportSpec<ResolvedOrder> = {
  kind: 'order',
  columns: ORDER_IMPORT_COLUMNS,
  header: (column) => orderFileHeader(column as (typeof ORDER_IMPORT_COLUMNS)[number]),
  ...ORDER_FILE_CELLS,
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

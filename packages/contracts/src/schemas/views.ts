import { z } from 'zod';
import { requiredText } from '../fields';

/**
 * Saved views and columns of the list screens (docs/product/members.md, "Saved views and columns"): per user and per list, named sets
 * of the list's URL filters and the columns the list shows.
 */
export const LIST_KEYS = [
  'members',
  'orders',
  'withdrawals',
  'recharges',
  'transfers',
  'wallet-records',
] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** Each list's columns, by the table column's key (its `key`, else its `dataIndex`); the first is always shown. */
export const LIST_COLUMNS: Record<ListKey, readonly string[]> = {
  members: [
    'user_no',
    'name',
    'display_name',
    'email',
    'phone',
    'level_id',
    'status',
    'commission_status',
    'downline_count',
    'balance',
    'frozen',
    'parent',
    'created_at',
    'actions',
  ],
  orders: [
    'order_no',
    'state',
    'user',
    'referer',
    'user_referer',
    'product',
    'platform_order_no',
    'provider',
    'amount',
    'sales_point',
    'completed_at',
  ],
  withdrawals: [
    'id',
    'user',
    'no',
    'amount',
    'bank_card_number',
    'bank_code',
    'bank_name',
    'status',
    'reason',
    'time',
    'op',
  ],
  recharges: ['id', 'user', 'no', 'amount', 'points', 'remark', 'status', 'time', 'op'],
  transfers: ['time', 'dir', 'from', 'to', 'amount', 'remark'],
  'wallet-records': [
    'user',
    'userNo',
    'no',
    'kind',
    'amount',
    'status',
    'after',
    'month',
    'remark',
    'time',
    'explain',
  ],
};

export const VIEW_LIMITS = {
  nameMax: 60,
  /** Saved views per list and user. */
  perList: 50,
  filterKeys: 30,
  filterKeyMax: 40,
  filterValueMax: 200,
} as const;

const listKey = z.enum(LIST_KEYS, { message: 'validation.choice' });

export const viewListQuery = z.object({ list: listKey });
export type ViewListQuery = z.infer<typeof viewListQuery>;

/** The list's URL query parameters, as they were when saved. */
export const viewFilters = z
  .record(
    z.string().min(1, 'validation.required').max(VIEW_LIMITS.filterKeyMax, 'validation.tooLong'),
    z.string().max(VIEW_LIMITS.filterValueMax, 'validation.tooLong'),
    { message: 'validation.invalid' },
  )
  .refine((f) => Object.keys(f).length <= VIEW_LIMITS.filterKeys, 'validation.max');

export const viewName = requiredText(VIEW_LIMITS.nameMax);

export const saveViewBody = z.object({
  list: listKey,
  name: viewName,
  filters: viewFilters,
});
export type SaveViewBody = z.input<typeof saveViewBody>;

export interface SavedView {
  id: number;
  list: ListKey;
  name: string;
  filters: Record<string, string>;
  created_at: string;
}

/** The columns shown, in the list's order; a list never chosen shows them all. */
export const listColumnsBody = z
  .object({
    list: listKey,
    columns: z.array(z.string().max(40, 'validation.tooLong')).max(60),
  })
  .superRefine((body, ctx) => {
    const known = LIST_COLUMNS[body.list];
    if (known && body.columns.some((c) => !known.includes(c)))
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'validation.choice' });
  });
export type ListColumnsBody = z.input<typeof listColumnsBody>;

export interface ListColumns {
  list: ListKey;
  /** Null: never chosen, every column shows. */
  columns: string[] | null;
}

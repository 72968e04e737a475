import { z } from 'zod';
import { UI } from '../constants';
import { requiredText } from '../fields';
import { intFromQuery, PG_INTEGER_MAX, serialId } from '../integers';
import { amountCents, sourceTypeValue, tagList } from './products';

export const ORDER_SUBTYPES = ['credit_order', 'renewal_order', 'normal_order'] as const;
export type OrderSubtype = (typeof ORDER_SUBTYPES)[number];

/** The six yes/no sales switches of the orders screen; at most one may be on. */
export const SALES_SWITCHES = [
  'referral_sales',
  'generational_sales',
  'group_sales',
  'group_sales_not_referral',
  'channel_sales',
  'iblommer_sales',
] as const;
export type SalesSwitch = (typeof SALES_SWITCHES)[number];
/** These need a MemberId ("must fill GlobalId"). */
export const SWITCHES_NEEDING_MEMBER: readonly SalesSwitch[] = ['referral_sales', 'generational_sales'];

/**
 * An order's state on the orders screen, one of four (docs/product/orders.md): a refund row (it names
 * platform_order_no_origin), else a refunded original (refund confirmed: refunded_at), else done
 * (status 1) or not done.
 */
export const ORDER_STATES = ['done', 'not_done', 'refunded', 'refund'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_SORTS = ['order_no', 'referer', 'amount', 'sales_point', 'completed_at'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

const text = (max = 100) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(max, 'validation.tooLong').optional(),
  );
const dateOrTime = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { message: 'validation.date' }).optional(),
);
const flag = z.boolean({ message: 'validation.boolean' }).default(false);

const pageSize = z.coerce
  .number({ message: 'validation.number' })
  .refine((n) => (UI.ordersPageSizes as readonly number[]).includes(n), 'validation.choice')
  .default(UI.ordersPageSize);

export const orderFilterFields = {
  name: text(),
  email: text(255),
  /** Admin only. */
  phone: text(30),
  /** Completion time range; a bare date is a day of the business time zone, in date_to that whole day. */
  date_from: dateOrTime,
  date_to: dateOrTime,
  order_no: text(),
  platform_order_no: text(),
  subtype: z.enum(ORDER_SUBTYPES, { message: 'validation.choice' }).optional(),
  provider_id: serialId.optional(),
  /** user_no of the buyer, or the member a sales switch is about. */
  member_id: text(30),
  /** users.platform_id of the buyer. */
  wordpress_id: text(30),
  source_type: sourceTypeValue.optional(),
  state: z.enum(ORDER_STATES, { message: 'validation.choice' }).optional(),
  /** Buyer picked in the user search. */
  user_id: serialId.optional(),
  tags: tagList.optional(),
  referral_sales: flag,
  generational_sales: flag,
  group_sales: flag,
  group_sales_not_referral: flag,
  channel_sales: flag,
  iblommer_sales: flag,
};

const switchRules = (f: Record<SalesSwitch, boolean> & { member_id?: string }, ctx: z.RefinementCtx) => {
  const on = SALES_SWITCHES.filter((s) => f[s]);
  if (on.length > 1)
    ctx.addIssue({ code: 'custom', message: 'sales.oneSwitchOnly', path: [on[1] as string] });
  if (on.some((s) => SWITCHES_NEEDING_MEMBER.includes(s)) && !f.member_id)
    ctx.addIssue({ code: 'custom', message: 'sales.mustFillGlobalId', path: ['member_id'] });
};

export const orderListBody = z
  .object({
    ...orderFilterFields,
    page: intFromQuery(1, 1_000_000).default(1),
    pageSize,
    sort: z.enum(ORDER_SORTS, { message: 'validation.choice' }).default('completed_at'),
    order: z.enum(['asc', 'desc', 'ascend', 'descend'], { message: 'validation.choice' }).default('desc'),
    /** true → the whole filtered set is exported as an .xlsx by a job; the answer is its JobStarted link. */
    export: z.boolean({ message: 'validation.boolean' }).default(false),
  })
  .superRefine(switchRules);
export type OrderListBody = z.input<typeof orderListBody>;
export type OrderFilter = z.output<typeof orderListBody>;

export interface OrderPerson {
  id: number;
  name: string;
  user_no: string;
}

export interface OrderView {
  id: number;
  order_no: string;
  platform_order_no: string;
  status: number;
  state: OrderState;
  subtype: OrderSubtype;
  source_type: 1 | 2 | 3;
  user: OrderPerson;
  /** The order's referer. */
  referer_user: OrderPerson | null;
  /** The buyer's sponsor. */
  user_referer: OrderPerson | null;
  product_id: number | null;
  product_name: string;
  provider: { id: number; name: string } | null;
  amount: string;
  sales_point: number;
  order_at: string;
  completed_at: string | null;
  created_at: string;
}

/**
 * Order fields only admins see, in the detail and in the export (members get neither the
 * profit and rebate figures nor buyers' WordPress ids).
 */
export const ADMIN_ONLY_ORDER_FIELDS = [
  'platform_profit',
  'platform_rebate',
  'supplier_rebate',
  'wordpress_id',
] as const;
export type AdminOnlyOrderField = (typeof ADMIN_ONLY_ORDER_FIELDS)[number];
export const orderFieldVisible = (isAdmin: boolean, field: string) =>
  isAdmin || !(ADMIN_ONLY_ORDER_FIELDS as readonly string[]).includes(field);

export interface OrderDetail extends OrderView {
  /** Admins only (ADMIN_ONLY_ORDER_FIELDS). */
  platform_profit?: string;
  platform_rebate?: string;
  supplier_rebate?: string;
  platform_order_no_origin: string | null;
  refund_no: string | null;
  refunded_at: string | null;
}

/** Count and sums of some orders. */
export interface OrderSums {
  count: number;
  amount: string;
  sales_point: number;
}

/**
 * The orders list's page, the count of every matching order (`total`: every state) and the sums of two
 * states apart: `done` (done sales net of refunds: done, not refunded, not refund rows; what bonuses
 * count) and `refunded` (originals whose refund was confirmed). Not-done orders and refund rows are
 * counted in `total` only. `totalAmount` and `totalSalesPoint` (SPEC.md's names) are `done`'s sums.
 */
export interface OrderListMeta {
  total: number;
  page: number;
  pageSize: number;
  totalAmount: string;
  totalSalesPoint: number;
  done: OrderSums;
  refunded: OrderSums;
  totalAtLeast?: undefined;
}

/**
 * A broad name search (more matching buyers and orders than are counted on each request): at least `total`
 * orders match, and their sums are not given. The orders screen says so.
 */
export interface OrderListMetaAtLeast {
  total: number;
  page: number;
  pageSize: number;
  totalAtLeast: true;
  totalAmount: null;
  totalSalesPoint: null;
  done: null;
  refunded: null;
}

/** What the orders list answers as `meta`. */
export type OrderListAnswerMeta = OrderListMeta | OrderListMetaAtLeast;

export const refundExportBody = z.object({
  refund_no: z.string({ message: 'sales.refundNoRequired' }).trim().min(1, 'sales.refundNoRequired').max(100),
});
export const refundWalletBody = z.object({
  platform_order_no_origin: requiredText(100),
});
export const monthBody = z.object({
  month: z
    .string({ message: 'sales.monthRequired' })
    .trim()
    .min(1, 'sales.monthRequired')
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.date'),
});

const optionalNo = text(30);
/** Order times the shop platform may send: a real date-time with its offset, from 2000 to 2099. */
const ORDER_YEARS = { from: '2000-01-01T00:00:00Z', until: '2100-01-01T00:00:00Z' } as const;
const optionalTime = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v instanceof Date ? v.toISOString() : v),
  z.iso
    .datetime({ offset: true, message: 'validation.date' })
    .refine((v) => {
      const at = Date.parse(v);
      return at >= Date.parse(ORDER_YEARS.from) && at < Date.parse(ORDER_YEARS.until);
    }, 'sales.orderTimeRange')
    .optional(),
);

/** The shop platform's order statuses (docs/product/orders.md): 1 done; 0 and 2 not done. */
export const ORDER_STATUSES: readonly number[] = [0, 1, 2];

const optionalAmount = z.preprocess((v) => (v === '' || v === null ? undefined : v), amountCents.optional());

/** One order from the shop platform (ingestion endpoint and order import rows). */
export const orderIngestBody = z.object({
  platform_order_no: requiredText(100),
  status: z.coerce
    .number({ message: 'validation.choice' })
    .refine((n) => ORDER_STATUSES.includes(n), 'validation.choice')
    .default(1),
  subtype: z.enum(ORDER_SUBTYPES, { message: 'validation.choice' }).default('normal_order'),
  source_type: sourceTypeValue,
  /** Buyer by member id (user_no) … */
  user_no: optionalNo,
  /** … or by WordPress id. */
  wordpress_id: optionalNo,
  referer_user_no: optionalNo,
  product_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), serialId.optional()),
  product_name: text(200),
  provider_no: optionalNo,
  amount: amountCents,
  sales_point: intFromQuery(0, PG_INTEGER_MAX).default(0),
  /** Absent (or blank) → computed on ingestion; an explicit 0 stays 0. */
  platform_profit: optionalAmount,
  platform_rebate: optionalAmount,
  supplier_rebate: optionalAmount,
  platform_order_no_origin: text(100),
  refund_no: text(100),
  order_at: optionalTime,
  completed_at: optionalTime,
});
export type OrderIngestBody = z.input<typeof orderIngestBody>;
export type OrderIngest = z.output<typeof orderIngestBody>;

export const IMPORT_KINDS = ['provider', 'product', 'order'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const importTemplateQuery = z.object({ kind: z.enum(IMPORT_KINDS, { message: 'validation.choice' }) });

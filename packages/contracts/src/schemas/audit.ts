import { z } from 'zod';
import { pageQuery } from '../envelope';
import { serialId } from '../integers';
import { exportFlag } from './money-lists';

/** What an audit row says was done; each has a label in the catalogue (`audit.action.*`). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'move',
  'import',
  'upload',
  'publish',
  'pin',
  'refund',
  'transfer',
  'apply',
  'cancel',
  'agree',
  'refuse',
  'paid',
  'failed',
  'complete',
  'reject',
  'settle',
  'dry_run',
  'compute',
  'approve',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record an audit row is about; each has a label in the catalogue (`audit.target.*`). */
export const AUDIT_TARGETS = [
  'admin',
  'role',
  'permission',
  'user',
  'user.profile',
  'user.bank',
  'user.sponsor',
  'user.iblommer',
  /** The account's second factor: turned on, off, or reset by an administrator. */
  'user.two_factor',
  'level',
  'report_package',
  'wallet_transfer',
  'withdrawal',
  'recharge',
  'order',
  'bonus_type',
  'bonus_settlement_run',
  'provider',
  'product',
  'content',
  'content_attachment',
  'key_number_category',
  'qualified_cp',
  'wec_assessment',
  'business_settings',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/** Who acted: a signed-in administrator or member, or the system (start-up, the operator command line). */
export const AUDIT_ACTOR_KINDS = ['admin', 'member', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_SORTS = ['created_at', 'action', 'entity'] as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (max: number) =>
  z.preprocess(blank, z.string().trim().max(max, 'validation.tooLong').optional());
/** A bare date is a day of the business time zone; in `date_to` it includes that whole day. */
const dateOrTime = z.preprocess(
  blank,
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { message: 'validation.date' }).optional(),
);
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blank, z.enum(values, { message: 'validation.choice' }).optional());

export const auditQuery = pageQuery.extend({
  actor_id: z.preprocess(blank, serialId.optional()),
  actor_kind: choice(AUDIT_ACTOR_KINDS),
  /** Contained in the actor's user name or the client address. */
  keyword: optionalText(100),
  action: choice(AUDIT_ACTIONS),
  entity: choice(AUDIT_TARGETS),
  entity_id: optionalText(50),
  date_from: dateOrTime,
  date_to: dateOrTime,
  sort: z.enum(AUDIT_SORTS, { message: 'validation.choice' }).default('created_at'),
  order: z.enum(['asc', 'desc', 'ascend', 'descend'], { message: 'validation.choice' }).default('desc'),
  /** The whole filtered log as a spreadsheet job instead of a page (newest first). */
  export: exportFlag,
});
/** The filters, paging and sorting a caller may send (all optional). */
export type AuditQuery = Partial<z.output<typeof auditQuery>>;

export interface AuditView {
  id: number;
  actor_id: number | null;
  actor_kind: AuditActorKind | null;
  actor_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

type Snapshot = Record<string, unknown> | null;

const show = (value: unknown) => (value == null || value === '' ? '-' : JSON.stringify(value));

/**
 * "field: old → new" for every field an update changed; "field: value" for a created or deleted record. The
 * operation log's screen and its export write the changes alike.
 */
export function auditChangeLines(entry: Pick<AuditView, 'before' | 'after'>): string[] {
  const before = entry.before as Snapshot;
  const after = entry.after as Snapshot;
  if (before && after)
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].map(
      (key) => `${key}: ${show(before[key])} → ${show(after[key])}`,
    );
  const only = after ?? before;
  return only ? Object.entries(only).map(([key, value]) => `${key}: ${show(value)}`) : [];
}

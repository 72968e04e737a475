import { type AuditAction, type AuditTarget, maskAccountNumber } from '@app/contracts';
import type { Caller } from '../caller';
import type { DbOrTx } from '../db/client';
import { auditLogs } from './audit.schema';

export interface AuditEntry {
  action: AuditAction;
  entity: AuditTarget;
  entityId?: string | number | null;
  /** For a change of an existing record, both sides are stored with only the fields that differ. */
  before?: unknown;
  after?: unknown;
}

/** Records a change by `actor`; call it inside the transaction that makes the change. */
export async function audit(db: DbOrTx, actor: Caller, entry: AuditEntry): Promise<void> {
  // Compared before masking, so a new account number with the same last digits still shows as a change.
  const changed = changedFields(entry.before, entry.after);
  const before = redact(changed.before);
  const after = redact(changed.after);
  await db.insert(auditLogs).values({
    actorId: actor.id,
    actorKind: actor.kind,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before,
    after,
    ip: actor.origin,
    userAgent: actor.userAgent,
  });
}

const SECRET_FIELDS = new Set([
  'password',
  'passwordHash',
  'password_hash',
  'password_confirmation',
  'old_password',
  'token',
  'access_token',
  'accessToken',
]);
const ACCOUNT_NUMBER_FIELDS = new Set([
  'bankCardNumber',
  'bank_card_number',
  'bankAccountNo',
  'bank_account_no',
]);
/** The row's own time of change; the audit row has it already. */
const TIMESTAMP_FIELDS = new Set(['updatedAt', 'updated_at']);

function redact(value: unknown): unknown {
  if (value == null || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(redact);
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_FIELDS.has(key))
      .map(([key, v]) => {
        if (ACCOUNT_NUMBER_FIELDS.has(key) && (typeof v === 'string' || v == null))
          return [key, maskAccountNumber(v)];
        return [key, v instanceof Date ? v.toISOString() : redact(v)];
      }),
  );
}

type Fields = Record<string, unknown>;
const isFields = (v: unknown): v is Fields => v != null && typeof v === 'object' && !Array.isArray(v);

/** Both sides of an update reduced to the fields it changed; a create or delete keeps its one side whole. */
function changedFields(before: unknown, after: unknown): { before: unknown; after: unknown } {
  if (!isFields(before) || !isFields(after)) return { before, after };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...keys].filter(
    (key) => !TIMESTAMP_FIELDS.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  const only = (side: Fields) =>
    Object.fromEntries(changed.filter((k) => k in side).map((k) => [k, side[k]]));
  return { before: only(before), after: only(after) };
}

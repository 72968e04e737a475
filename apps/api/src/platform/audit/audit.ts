import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { auditLogs } from './audit.schema';

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | 'status' | 'move' | string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Records an admin change; call it inside the transaction that makes the change. */
export async function audit(db: DbOrTx, req: FastifyRequest | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    actorId: req?.principal?.id ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: redact(entry.before),
    after: redact(entry.after),
    ip: req?.ip ?? null,
  });
}

const SECRET_FIELDS = new Set(['password', 'passwordHash', 'password_hash', 'password_confirmation']);

function redact(value: unknown): unknown {
  if (value == null || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(redact);
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_FIELDS.has(key))
      .map(([key, v]) => [key, v instanceof Date ? v.toISOString() : redact(v)]),
  );
}

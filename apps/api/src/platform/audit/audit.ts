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

/**
 * Who made a change: the signed-in account and the client address of a request, or, for a change made
 * outside the API (the operator command line), no account and a description of where it came from.
 */
export interface AuditOrigin {
  actorId: number | null;
  /** Stored in the `ip` column: a client address, or e.g. `cli:root@db-host`. */
  origin: string | null;
}

/** Records an admin change; call it inside the transaction that makes the change. */
export async function audit(db: DbOrTx, req: FastifyRequest | null, entry: AuditEntry): Promise<void> {
  await auditFrom(db, { actorId: req?.principal?.id ?? null, origin: req?.ip ?? null }, entry);
}

export async function auditFrom(db: DbOrTx, from: AuditOrigin, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    actorId: from.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: redact(entry.before),
    after: redact(entry.after),
    ip: from.origin,
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

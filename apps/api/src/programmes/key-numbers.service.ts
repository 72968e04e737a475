import type { keyNumberBody } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { hasSqlState, UNIQUE_VIOLATION } from '../platform/db/errors';
import { conflict, notFound } from '../platform/http/errors';
import { keyNumberCategories } from './programmes.schema';

export type KeyNumberRow = typeof keyNumberCategories.$inferSelect;
type KeyNumberInput = z.output<typeof keyNumberBody>;

/** Runs a write, turning a duplicate name into 409 (the caller's transaction then rolls back). */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (hasSqlState(error, UNIQUE_VIOLATION)) throw conflict('programme.keyNumberExists');
    throw error;
  }
}

const values = (body: KeyNumberInput) => ({
  name: body.name,
  description: body.description ?? null,
  sort: body.sort,
});

/** Adds a key-number category, audited; run it in a transaction of its own (a duplicate name ends it). */
export async function createKeyNumber(
  db: DbOrTx,
  actor: Caller,
  body: KeyNumberInput,
): Promise<KeyNumberRow> {
  const [row] = await uniqueName(() => db.insert(keyNumberCategories).values(values(body)).returning());
  await audit(db, actor, { action: 'create', entity: 'key_number_category', entityId: row!.id, after: row });
  return row!;
}

/** Edits a key-number category, audited; run it in a transaction of its own (a duplicate name ends it). */
export async function updateKeyNumber(
  db: DbOrTx,
  actor: Caller,
  id: number,
  body: KeyNumberInput,
): Promise<KeyNumberRow> {
  const [before] = await db.select().from(keyNumberCategories).where(eq(keyNumberCategories.id, id));
  if (!before) throw notFound();
  const [after] = await uniqueName(() =>
    db.update(keyNumberCategories).set(values(body)).where(eq(keyNumberCategories.id, id)).returning(),
  );
  await audit(db, actor, { action: 'update', entity: 'key_number_category', entityId: id, before, after });
  return after!;
}

export async function deleteKeyNumber(db: DbOrTx, actor: Caller, id: number): Promise<void> {
  const [before] = await db.delete(keyNumberCategories).where(eq(keyNumberCategories.id, id)).returning();
  if (!before) throw notFound();
  await audit(db, actor, { action: 'delete', entity: 'key_number_category', entityId: id, before });
}

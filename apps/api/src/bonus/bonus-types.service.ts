import { type bonusTypeBody, CUSTOM_BONUS_KEY_MIN } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { badRequest, conflict, notFound } from '../platform/http/errors';
import { type BonusTypeRow, bonusTypes } from './bonus.schema';

type BonusTypeInput = z.output<typeof bonusTypeBody>;

const values = (body: BonusTypeInput) => ({
  kind: body.params.kind,
  nameEn: body.name_en,
  nameZhHk: body.name_zh_hk,
  nameZhCn: body.name_zh_cn,
  params: body.params,
  columns: body.columns,
  enabled: body.enabled,
  updatedAt: new Date(),
});

/** Creates one of the reserved types 12–21 from a rule kind, audited. */
export async function createBonusType(
  db: DbOrTx,
  actor: Caller,
  body: BonusTypeInput & { key: number },
): Promise<BonusTypeRow> {
  if (body.key < CUSTOM_BONUS_KEY_MIN || body.key > 21) throw badRequest('bonus.customKeyOnly');
  const [created] = await db
    .insert(bonusTypes)
    .values({ key: body.key, ...values(body) })
    .onConflictDoNothing()
    .returning();
  if (!created) throw conflict('bonus.typeExists');
  await audit(db, actor, { action: 'create', entity: 'bonus_type', entityId: body.key, after: created });
  return created;
}

/** Edits a type's names, ratios, columns and switch; its kind stays. Audited. */
export async function updateBonusType(
  db: DbOrTx,
  actor: Caller,
  key: number,
  body: BonusTypeInput,
): Promise<BonusTypeRow> {
  const [before] = await db.select().from(bonusTypes).where(eq(bonusTypes.key, key)).for('update');
  if (!before) throw notFound();
  if (before.kind !== body.params.kind) throw badRequest('bonus.kindFixed');
  const [after] = await db.update(bonusTypes).set(values(body)).where(eq(bonusTypes.key, key)).returning();
  await audit(db, actor, { action: 'update', entity: 'bonus_type', entityId: key, before, after });
  return after!;
}

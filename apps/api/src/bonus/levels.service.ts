import type { levelSettingsBody } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { levels } from '../members/members.schema';
import { audit } from '../platform/audit/audit';
import type { Caller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { notFound } from '../platform/http/errors';

export type LevelRow = typeof levels.$inferSelect;

/** An administrator sets a level's invitation, 2nd/3rd-generation ratios and share cap, audited. */
export async function updateLevelSettings(
  db: DbOrTx,
  actor: Caller,
  id: number,
  body: z.output<typeof levelSettingsBody>,
): Promise<LevelRow> {
  const [before] = await db.select().from(levels).where(eq(levels.id, id)).for('update');
  if (!before) throw notFound();
  const [after] = await db
    .update(levels)
    .set({
      invitationRatioBp: body.invitation_ratio,
      secondGenRatioBp: body.second_gen_ratio,
      thirdGenRatioBp: body.third_gen_ratio,
      shareCap: body.share_cap,
    })
    .where(eq(levels.id, id))
    .returning();
  await audit(db, actor, { action: 'update', entity: 'level', entityId: id, before, after });
  return after!;
}

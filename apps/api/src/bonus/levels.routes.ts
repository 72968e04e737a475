import { bpToPercent, idParam, type LevelDto, type Locale, levelSettingsBody, Perm } from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import { levels } from '../members/members.schema';
import { audit } from '../platform/audit/audit';
import type { DbOrTx } from '../platform/db/client';
import { notFound } from '../platform/http/errors';
import { access, route } from '../platform/http/route';
import { localName } from './localized';

type LevelRow = typeof levels.$inferSelect;

const toDto = (l: LevelRow, locale: Locale): LevelDto => ({
  id: l.id,
  name: localName(l, locale),
  name_en: l.name,
  name_zh_hk: l.nameZhHk,
  name_zh_cn: l.nameZhCn,
  invitation_ratio: bpToPercent(l.invitationRatioBp),
  second_gen_ratio: bpToPercent(l.secondGenRatioBp),
  third_gen_ratio: bpToPercent(l.thirdGenRatioBp),
  share_cap: l.shareCap,
});

export const allLevels = (db: DbOrTx) => db.select().from(levels).orderBy(asc(levels.id));

/** Every level with its bonus settings (pickers and /level/level). */
const list = route({
  method: 'GET',
  url: '/api/common/all-level',
  access: access.user,
  handler: async ({ app, locale }) => (await allLevels(app.db)).map((l) => toDto(l, locale)),
});

/** `/level/level`: an admin edits a level's invitation, 2nd/3rd-generation ratios and share cap. */
const update = route({
  method: 'PUT',
  url: '/api/levels/:id',
  access: access.admin(Perm.levels),
  params: idParam,
  body: levelSettingsBody,
  message: 'common.editSuccessful',
  handler: ({ app, req, params, body, locale }) =>
    app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(levels).where(eq(levels.id, params.id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(levels)
        .set({
          invitationRatioBp: body.invitation_ratio,
          secondGenRatioBp: body.second_gen_ratio,
          thirdGenRatioBp: body.third_gen_ratio,
          shareCap: body.share_cap,
        })
        .where(eq(levels.id, params.id))
        .returning();
      await audit(tx, req, { action: 'update', entity: 'level', entityId: params.id, before, after });
      return toDto(after!, locale);
    }),
});

export const levelRoutes = [list, update];

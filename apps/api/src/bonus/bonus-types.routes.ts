import {
  type BonusTypeDto,
  bonusKeyParams,
  bonusTypeBody,
  CUSTOM_BONUS_KEY_MIN,
  type Locale,
  Perm,
} from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../platform/audit/audit';
import type { DbOrTx } from '../platform/db/client';
import { badRequest, conflict, notFound } from '../platform/http/errors';
import { access, route } from '../platform/http/route';
import { type BonusTypeRow, bonusTypes } from './bonus.schema';
import { cadenceOf } from './engine/kinds';
import { localName } from './localized';

export const toBonusTypeDto = (t: BonusTypeRow, locale: Locale): BonusTypeDto => ({
  key: t.key,
  kind: t.params.kind,
  name: localName(t, locale),
  name_en: t.nameEn,
  name_zh_hk: t.nameZhHk,
  name_zh_cn: t.nameZhCn,
  params: t.params,
  columns: t.columns,
  enabled: t.enabled,
  cadence: cadenceOf(t.params),
});

export const allBonusTypes = (db: DbOrTx) => db.select().from(bonusTypes).orderBy(asc(bonusTypes.key));

const values = (body: z.output<typeof bonusTypeBody>) => ({
  kind: body.params.kind,
  nameEn: body.name_en,
  nameZhHk: body.name_zh_hk,
  nameZhCn: body.name_zh_cn,
  params: body.params,
  columns: body.columns,
  enabled: body.enabled,
  updatedAt: new Date(),
});

/** `/config/index`: every bonus type with its kind, ratios and columns. */
const list = route({
  method: 'GET',
  url: '/api/bonus/types',
  access: access.admin(Perm.bonusConfig),
  handler: async ({ app, locale }) => (await allBonusTypes(app.db)).map((t) => toBonusTypeDto(t, locale)),
});

/** Creates one of the reserved types 12–21 from a rule kind. */
const create = route({
  method: 'POST',
  url: '/api/bonus/types',
  access: access.admin(Perm.bonusConfig),
  body: bonusTypeBody.extend({ key: z.number().int('validation.integer') }),
  message: 'common.addedSuccessfully',
  handler: ({ app, req, body, locale }) =>
    app.db.transaction(async (tx) => {
      if (body.key < CUSTOM_BONUS_KEY_MIN || body.key > 21) throw badRequest('bonus.customKeyOnly');
      const [created] = await tx
        .insert(bonusTypes)
        .values({ key: body.key, ...values(body) })
        .onConflictDoNothing()
        .returning();
      if (!created) throw conflict('bonus.typeExists');
      await audit(tx, req, { action: 'create', entity: 'bonus_type', entityId: body.key, after: created });
      return toBonusTypeDto(created, locale);
    }),
});

/** Edits a type's names, ratios, columns and switch; its kind stays. */
const update = route({
  method: 'PUT',
  url: '/api/bonus/types/:key',
  access: access.admin(Perm.bonusConfig),
  params: bonusKeyParams,
  body: bonusTypeBody,
  message: 'common.editSuccessful',
  handler: ({ app, req, params, body, locale }) =>
    app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(bonusTypes).where(eq(bonusTypes.key, params.key)).for('update');
      if (!before) throw notFound();
      if (before.kind !== body.params.kind) throw badRequest('bonus.kindFixed');
      const [after] = await tx
        .update(bonusTypes)
        .set(values(body))
        .where(eq(bonusTypes.key, params.key))
        .returning();
      await audit(tx, req, { action: 'update', entity: 'bonus_type', entityId: params.key, before, after });
      return toBonusTypeDto(after!, locale);
    }),
});

export const bonusTypeRoutes = [list, create, update];

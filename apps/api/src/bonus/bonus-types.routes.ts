import {
  type BonusTypeDto,
  bonusEndpoints,
  bonusKeyParams,
  bonusTypeBody,
  createBonusTypeBody,
  type Locale,
  Perm,
} from '@app/contracts';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { access, route } from '../platform/http/route';
import { type BonusTypeRow, bonusTypes } from './bonus.schema';
import { createBonusType, updateBonusType } from './bonus-types.service';
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

/** `/config/index`: every bonus type with its kind, ratios and columns. */
const list = route({
  endpoint: bonusEndpoints.types,
  access: access.admin(Perm.bonusConfig),
  handler: async ({ app, locale }) => (await allBonusTypes(app.db)).map((t) => toBonusTypeDto(t, locale)),
});

/** Creates one of the reserved types 12–21 from a rule kind. */
const create = route({
  endpoint: bonusEndpoints.createType,
  access: access.admin(Perm.bonusConfig),
  body: createBonusTypeBody,
  message: 'common.addedSuccessfully',
  handler: async ({ app, body, locale, caller }) =>
    toBonusTypeDto(await app.db.transaction((tx) => createBonusType(tx, caller, body)), locale),
});

/** Edits a type's names, ratios, columns and switch; its kind stays. */
const update = route({
  endpoint: bonusEndpoints.updateType,
  access: access.admin(Perm.bonusConfig),
  params: bonusKeyParams,
  body: bonusTypeBody,
  message: 'common.editSuccessful',
  handler: async ({ app, params, body, locale, caller }) =>
    toBonusTypeDto(await app.db.transaction((tx) => updateBonusType(tx, caller, params.key, body)), locale),
});

export const bonusTypeRoutes = [list, create, update];

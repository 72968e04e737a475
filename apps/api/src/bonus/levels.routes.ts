import {
  bonusEndpoints,
  bpToPercent,
  idParam,
  type LevelDto,
  type Locale,
  levelSettingsBody,
  Perm,
} from '@app/contracts';
import { asc } from 'drizzle-orm';
import { levels } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { access, route } from '../platform/http/route';
import { type LevelRow, updateLevelSettings } from './levels.service';
import { localName } from './localized';

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
  endpoint: bonusEndpoints.levels,
  access: access.user,
  handler: async ({ app, locale }) => (await allLevels(app.db)).map((l) => toDto(l, locale)),
});

/** `/level/level`: an admin edits a level's invitation, 2nd/3rd-generation ratios and share cap. */
const update = route({
  endpoint: bonusEndpoints.updateLevel,
  access: access.admin(Perm.levels),
  params: idParam,
  body: levelSettingsBody,
  message: (level: LevelDto) => ['bonus.levelSaved', { name: level.name }],
  handler: async ({ app, params, body, locale, caller }) =>
    toDto(await app.db.transaction((tx) => updateLevelSettings(tx, caller, params.id, body)), locale),
});

export const levelRoutes = [list, update];

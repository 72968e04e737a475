import { LEGEND_EXPORT_CAP, type Locale, type MessageKey, translate } from '@app/contracts';
import { levelName } from '../access/current-user';
import { treeNames } from '../members/member.presenter';
import { levels } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { badRequest } from '../platform/http/errors';
import type { Principal } from '../platform/http/principal';
import type { Column } from '../platform/xlsx/export';
import { downlineBatches, downlineCount, type SponsoredRow, type TreePosition } from './tree.queries';

export interface LegendOptions {
  root: TreePosition;
  /** Generations below the root; the whole downline when absent. */
  levelsDeep?: number;
  viewer: Principal;
  locale: Locale;
  /** Most members allowed (tests lower it). */
  cap?: number;
  batchSize?: number;
}

async function legendColumns(db: DbOrTx, o: LegendOptions): Promise<Column<SponsoredRow>[]> {
  const levelNames = new Map((await db.select().from(levels)).map((l) => [l.id, levelName(l, o.locale)]));
  const column = (key: MessageKey, width: number, value: Column<SponsoredRow>['value']) => ({
    header: translate(key, o.locale),
    width,
    value,
  });
  return [
    column('tree.export.generation', 12, (r) => r.depth - o.root.depth),
    column('tree.export.userNo', 16, (r) => r.user_no),
    column('tree.export.name', 24, (r) => treeNames(o.viewer, r).name),
    column('tree.export.fullName', 28, (r) => treeNames(o.viewer, r).full_name),
    column('tree.export.level', 20, (r) => levelNames.get(r.level_id) ?? ''),
    column('tree.export.sponsor', 20, (r) => r.sponsor_no ?? ''),
    column('tree.export.joinedAt', 22, (r) =>
      new Date(r.created_at).toISOString().slice(0, 19).replace('T', ' '),
    ),
  ];
}

/**
 * A member's downline (whole, or `levelsDeep` generations) as an .xlsx
 * download in generation order, read in keyset batches while the route streams
 * the file (`streamXlsx`). A downline larger than one spreadsheet (LEGEND_EXPORT_CAP) is
 * refused up front with a translated message, never cut short.
 */
export async function legendSheet(db: DbOrTx, o: LegendOptions) {
  const cap = o.cap ?? LEGEND_EXPORT_CAP;
  const maxDepth = o.levelsDeep === undefined ? undefined : o.root.depth + o.levelsDeep;
  if ((await downlineCount(db, 'sponsor', o.root.path, { maxDepth, upTo: cap })) > cap)
    throw badRequest('tree.export.tooLarge', { max: cap.toLocaleString('en-US') });
  const columns = await legendColumns(db, o);
  const batches = downlineBatches(db, 'sponsor', o.root, { maxDepth, batchSize: o.batchSize });
  return {
    filename: `downline-${o.root.user_no}.xlsx`,
    columns,
    batches,
    sheetName: translate('tree.export.sheet', o.locale),
  };
}

import { LEGEND_EXPORT_CAP, translate } from '@app/contracts';
import { levelName } from '../access/current-user';
import { treeNames } from '../members/member.presenter';
import { levels } from '../members/members.schema';
import type { AccountCaller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { badRequest } from '../platform/http/errors';
import type { Column } from '../platform/xlsx/export';
import { type SheetReader, sheetFormat } from '../platform/xlsx/format';
import { downlineBatches, downlineCount, type SponsoredRow, type TreePosition } from './tree.queries';

export interface LegendOptions {
  root: TreePosition;
  /** Generations below the root; the whole downline when absent. */
  levelsDeep?: number;
  viewer: AccountCaller;
  reader: SheetReader;
  /** Most members allowed (tests lower it). */
  cap?: number;
  batchSize?: number;
}

async function legendColumns(db: DbOrTx, o: LegendOptions): Promise<Column<SponsoredRow>[]> {
  const levelNames = new Map(
    (await db.select().from(levels)).map((l) => [l.id, levelName(l, o.reader.locale)]),
  );
  const f = sheetFormat(o.reader);
  return [
    f.text('tree.export.generation', (r: SponsoredRow) => r.depth - o.root.depth, 12),
    f.text('tree.export.userNo', (r: SponsoredRow) => r.user_no, 16),
    f.text('tree.export.name', (r: SponsoredRow) => treeNames(o.viewer, r).name, 24),
    f.text('tree.export.fullName', (r: SponsoredRow) => treeNames(o.viewer, r).full_name, 28),
    f.text('tree.export.level', (r: SponsoredRow) => levelNames.get(r.level_id) ?? '', 20),
    f.text('tree.export.sponsor', (r: SponsoredRow) => r.sponsor_no ?? '', 20),
    f.time('tree.export.joinedAt', (r: SponsoredRow) => r.created_at),
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
    sheetName: translate('tree.export.sheet', o.reader.locale),
  };
}

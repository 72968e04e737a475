import { PassThrough } from 'node:stream';
import { LEGEND_EXPORT_CAP, type Locale, maskName, translate } from '@app/contracts';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { levelName } from '../access/current-user';
import type { Principal } from '../access/principal';
import { levels } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { levelRows, type TreePosition } from './tree.queries';

/** Text a spreadsheet would run as a formula (= + - @) is prefixed with a quote. */
export const neutralise = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);

const COLUMNS = [
  ['generation', 'tree.export.generation', 12],
  ['user_no', 'tree.export.userNo', 16],
  ['name', 'tree.export.name', 24],
  ['full_name', 'tree.export.fullName', 28],
  ['level', 'tree.export.level', 20],
  ['sponsor', 'tree.export.sponsor', 20],
  ['joined_at', 'tree.export.joinedAt', 22],
] as const;

/**
 * Streams a member's downline, `levelsDeep` generations below `root`, as an
 * .xlsx download (at most LEGEND_EXPORT_CAP rows, in generation order).
 */
export async function sendLegend(
  db: DbOrTx,
  reply: FastifyReply,
  opts: { root: TreePosition; levelsDeep: number; viewer: Principal; locale: Locale },
): Promise<FastifyReply> {
  const { root, viewer, locale } = opts;
  const rows = await levelRows(db, 'sponsor', {
    path: root.path,
    fromDepth: root.depth,
    toDepth: root.depth + opts.levelsDeep,
    limit: LEGEND_EXPORT_CAP + 1,
  });
  const levelNames = new Map((await db.select().from(levels)).map((l) => [l.id, levelName(l, locale)]));
  const userNos = new Map(rows.map((r) => [r.id, r.user_no]));
  const shown = (id: number, text: string) => (viewer.isAdmin || id === viewer.id ? text : maskName(text));

  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = book.addWorksheet(translate('tree.export.sheet', locale));
  sheet.columns = COLUMNS.map(([key, title, width]) => ({ key, header: translate(title, locale), width }));
  void (async () => {
    for (const r of rows.slice(1)) {
      sheet
        .addRow({
          generation: r.depth - root.depth,
          user_no: neutralise(r.user_no),
          name: neutralise(shown(r.id, r.name)),
          full_name: neutralise(shown(r.id, r.display_name || r.name)),
          level: neutralise(levelNames.get(r.level_id) ?? ''),
          sponsor: neutralise((r.parent_id && userNos.get(r.parent_id)) || ''),
          joined_at: new Date(r.created_at).toISOString().slice(0, 19).replace('T', ' '),
        })
        .commit();
    }
    sheet.commit();
    await book.commit();
  })().catch((error) => stream.destroy(error));
  const filename = `downline-${userNos.get(root.id) ?? root.id}.xlsx`;
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(stream);
}

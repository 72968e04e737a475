import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { type CellValue, neutralise } from './cells';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Bytes of finished spreadsheet allowed to wait for a slow client before reading more rows. */
const MAX_BUFFERED = 1 << 20;

export interface Column<T> {
  header: string;
  value: (row: T) => CellValue;
  width?: number;
}

function attachment(reply: FastifyReply, filename: string): FastifyReply {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${encodeURIComponent(filename)}"`)
    .header('access-control-expose-headers', 'content-disposition');
}

/**
 * Streams an .xlsx to the client while batches arrive (exceljs streaming writer):
 * memory stays flat however many rows there are. Cells are neutralised against
 * formula injection.
 */
export function streamXlsx<T>(
  reply: FastifyReply,
  filename: string,
  columns: readonly Column<T>[],
  batches: AsyncIterable<readonly T[]>,
  sheetName = 'Sheet1',
): FastifyReply {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ key: c.header, width: c.width ?? 18 }));
  const write = async () => {
    sheet.addRow(columns.map((c) => c.header)).commit();
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(columns.map((c) => neutralise(c.value(row)))).commit();
      // Backpressure: wait while the client has not taken what is already written.
      while (out.writableLength > MAX_BUFFERED && !out.destroyed)
        await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    reply.log.error(error);
    out.destroy(error as Error);
  });
  return attachment(reply, filename).send(out);
}

/** A small workbook in memory (templates, error files): a header row and rows of cells. */
export async function xlsxBuffer(headers: readonly string[], rows: readonly CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(row.map(neutralise));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function sendXlsxBuffer(reply: FastifyReply, filename: string, buffer: Buffer): FastifyReply {
  return attachment(reply, filename).send(buffer);
}

/** Keyset batches of a query ordered by a numeric id: constant memory on any table size. */
export async function* keysetBatches<T>(
  fetch: (afterId: number | null, limit: number) => Promise<T[]>,
  idOf: (row: T) => number = (row) => (row as { id: number }).id,
  batchSize = 2000,
): AsyncGenerator<T[]> {
  let after: number | null = null;
  for (;;) {
    const rows = await fetch(after, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = idOf(rows[rows.length - 1]!);
  }
}

import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { type CellValue, neutralise } from './cells';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Bytes of finished spreadsheet allowed to wait for a slow client before reading more rows. */
const MAX_BUFFERED = 1 << 20;
/** Rows written between turns of the event loop (a few milliseconds of work). */
const ROWS_PER_TURN = 200;

export interface Column<T> {
  header: string;
  value: (row: T) => CellValue;
  width?: number;
  /** The value is an amount (decimal string): written as a number cell showing two decimals. */
  money?: boolean;
}

const MONEY_FORMAT = '#,##0.00';

/** A row's cells: amounts as numbers (the double nearest a decimal string shows as its cents), text neutralised. */
const cellsOf = <T>(columns: readonly Column<T>[], row: T) =>
  columns.map((c) => {
    const value = c.value(row);
    return c.money && value !== null && value !== undefined && value !== ''
      ? Number(value)
      : neutralise(value);
  });

export function attachment(reply: FastifyReply, filename: string, type = XLSX_MIME): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${encodeURIComponent(filename)}"`)
    .header('access-control-expose-headers', 'content-disposition');
}

/**
 * Writes an .xlsx into `out` while batches arrive (exceljs streaming writer): memory stays
 * flat however many rows there are, as it waits whenever `out`, or the zip inside the writer,
 * has not taken what is already written. Cells are neutralised against formula injection.
 * `onBatch` hears the number of rows written so far.
 */
export async function writeXlsx<T>(
  out: Writable,
  columns: readonly Column<T>[],
  batches: AsyncIterable<readonly T[]>,
  opts: { sheetName?: string; onBatch?: (written: number) => Promise<void> } & FixedSheets = {},
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  for (const fixed of opts.before ?? []) writeFixedSheet(workbook, fixed);
  const sheet = workbook.addWorksheet(opts.sheetName ?? 'Sheet1');
  sheet.columns = columns.map((c) => ({
    key: c.header,
    width: c.width ?? 18,
    style: c.money ? { numFmt: MONEY_FORMAT } : {},
  }));
  sheet.addRow(columns.map((c) => c.header)).commit();
  let written = 0;
  for await (const batch of batches) {
    for (const [i, row] of batch.entries()) {
      // Between slices of a batch other requests get the event loop, and so does the next batch's read
      // (readAhead), whose round trips would otherwise wait for the whole batch to be written.
      if (i > 0 && i % ROWS_PER_TURN === 0) await new Promise(setImmediate);
      sheet.addRow(cellsOf(columns, row)).commit();
    }
    written += batch.length;
    await untilTaken(zipIntake(sheet), out);
    await untilTaken(out, out);
    await opts.onBatch?.(written);
  }
  sheet.commit();
  for (const fixed of opts.after ?? []) writeFixedSheet(workbook, fixed);
  await workbook.commit();
  return written;
}

/** A cell of a fixed sheet: a value, or an amount (decimal string) written as a number cell with two decimals. */
export type FixedCell = CellValue | { money: string };

/** A small sheet written whole beside the streamed one (a statement's summary, a report's notes). */
export interface FixedSheet {
  name: string;
  rows: readonly (readonly FixedCell[])[];
  widths?: readonly number[];
}

/** Sheets written before and after the streamed sheet. */
export interface FixedSheets {
  before?: readonly FixedSheet[];
  after?: readonly FixedSheet[];
}

function writeFixedSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, fixed: FixedSheet): void {
  const sheet = workbook.addWorksheet(fixed.name);
  if (fixed.widths) sheet.columns = fixed.widths.map((width, i) => ({ key: String(i), width }));
  for (const cells of fixed.rows) {
    const row = sheet.addRow(
      cells.map((c) => (c !== null && typeof c === 'object' ? Number(c.money) : neutralise(c))),
    );
    cells.forEach((c, i) => {
      if (c !== null && typeof c === 'object') row.getCell(i + 1).numFmt = MONEY_FORMAT;
    });
    row.commit();
  }
  sheet.commit();
}

/**
 * Where the writer's zip takes the sheet's XML in (exceljs 4.4 internals): the worksheet's stream
 * writes into it without waiting (exceljs's known streaming-writer memory leak), so unless someone waits
 * for it, it holds most of the file when the XML comes faster than the zip compresses it.
 */
function zipIntake(sheet: ExcelJS.Worksheet): Writable {
  const intake = (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
  if (!intake) throw new Error('exceljs changed: no zip intake behind the worksheet stream');
  return intake;
}

/** Bytes written to `stream` and not yet taken (the zip intake is a readable-stream v2 stream). */
const buffered = (stream: Writable) =>
  stream.writableLength ??
  (stream as unknown as { _writableState: { length: number } })._writableState.length;

/** Waits while `stream` holds more than MAX_BUFFERED bytes, unless `out` is closed (the client went away). */
async function untilTaken(stream: Writable, out: Writable): Promise<void> {
  while (buffered(stream) > MAX_BUFFERED && !out.destroyed) {
    const settled = new AbortController();
    const { signal } = settled;
    await Promise.race([once(stream, 'drain', { signal }), once(out, 'close', { signal })]).finally(() =>
      settled.abort(),
    );
  }
}

/** Streams an .xlsx to the client (see `writeXlsx`). */
export function streamXlsx<T>(
  reply: FastifyReply,
  filename: string,
  columns: readonly Column<T>[],
  batches: AsyncIterable<readonly T[]>,
  sheetName = 'Sheet1',
  fixed: FixedSheets = {},
): FastifyReply {
  const out = new PassThrough();
  writeXlsx(out, columns, batches, { sheetName, ...fixed }).catch((error: unknown) => {
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

/**
 * Batches read one ahead of the caller: the next is read while the caller writes this one (at most
 * two in memory). `next` answers how to read the batch after `rows`, or null after the last.
 */
async function* readAhead<T>(
  first: () => PromiseLike<T[]>,
  next: (rows: T[]) => (() => PromiseLike<T[]>) | null,
): AsyncGenerator<T[]> {
  const start = (read: () => PromiseLike<T[]>) => {
    // Promise.resolve runs a lazy query builder (drizzle's runs once `then` is called) now. Its
    // failure is marked handled at once: a caller that stops early never awaits it.
    const rows = Promise.resolve(read());
    rows.catch(() => undefined);
    return rows;
  };
  let pending: Promise<T[]> | null = start(first);
  while (pending) {
    const rows: T[] = await pending;
    const read = next(rows);
    pending = read && start(read);
    // One turn of the event loop puts that read on the wire before the caller's work on this batch.
    await new Promise(setImmediate);
    if (rows.length > 0) yield rows;
  }
}

/**
 * Keyset batches of a query ordered by a numeric id: constant memory on any table size, read one
 * ahead (readAhead).
 */
export function keysetBatches<T>(
  fetch: (afterId: number | null, limit: number) => PromiseLike<T[]>,
  idOf: (row: T) => number = (row) => (row as { id: number }).id,
  batchSize = 2000,
): AsyncGenerator<T[]> {
  return readAhead(
    () => fetch(null, batchSize),
    (rows) => (rows.length < batchSize ? null : () => fetch(idOf(rows[rows.length - 1]!), batchSize)),
  );
}

/**
 * Batches of rows numbered 1 to `total`, `fetch(from, to)` answering those numbered from + 1 to
 * `to` (fewer when some have gone meanwhile), read one ahead (readAhead).
 */
export function numberedBatches<T>(
  total: number,
  fetch: (from: number, to: number) => PromiseLike<T[]>,
  batchSize = 2000,
): AsyncGenerator<T[]> {
  let from = 0;
  const read = () => {
    const range = [from, Math.min(from + batchSize, total)] as const;
    from = range[1];
    return () => fetch(...range);
  };
  return readAhead(read(), () => (from < total ? read() : null));
}

import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ImportLimits } from '../../config';
import { AppError, badRequest } from '../http/errors';
import { unneutralise } from './cells';
import { csvRecords } from './csv';
import { checkXlsx, refuseFile } from './zip-check';

export type SheetRow = Record<string, string>;

const isCsv = (filename: string) => /\.csv$/i.test(filename);

/** Records of a CSV counted between two turns of the event loop while an upload is checked. */
const COUNT_PER_TURN = 5000;

/**
 * Refuses (422) a file over the import limits before anything parses it, and answers its rows under the
 * header: an .xlsx by its zip directory and a pass over its parts (checkXlsx), a CSV by counting its records.
 */
export async function checkImportFile(
  buffer: Buffer,
  filename: string,
  limits: ImportLimits,
): Promise<{ rows: number }> {
  if (!isCsv(filename)) return checkXlsx(buffer, limits);
  let records = 0;
  for (const _ of csvRecords(buffer)) {
    records++;
    if (records - 1 > limits.rows) throw refuseFile('import.tooManyRows', { limit: limits.rows });
    if (records % COUNT_PER_TURN === 0) await new Promise(setImmediate);
  }
  return { rows: Math.max(0, records - 1) };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

/**
 * The rows of the first sheet of an .xlsx or .csv checked by checkImportFile, one at a time: the first row
 * names the columns, cells come back as trimmed text, blank rows are skipped. Memory stays bounded
 * (exceljs's streaming reader; a CSV is read record by record), and reading stops with 'import.tooManyRows'
 * as soon as a row passes `maxRows`. `columnOf` names the column of a header's text.
 */
export async function* sheetRows(
  buffer: Buffer,
  filename: string,
  maxRows: number,
  columnOf: (header: string) => string = (header) => header,
): AsyncGenerator<SheetRow> {
  let keys: string[] | null = null;
  let read = 0;
  try {
    for await (const cells of isCsv(filename) ? csvRecords(buffer) : xlsxGrid(buffer)) {
      const blank = cells.every((c) => c.trim() === '');
      if (!keys) {
        if (!blank) keys = cells.map((h) => columnOf(h.trim()));
        continue;
      }
      if (++read > maxRows) throw refuseFile('import.tooManyRows', { limit: maxRows });
      if (blank) continue;
      yield Object.fromEntries(keys.map((k, i) => [k, unneutralise((cells[i] ?? '').trim())]));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('sales.fileUnreadable');
  }
}

const READER_OPTIONS = {
  sharedStrings: 'cache',
  // Dates are told from numbers by their cell style.
  styles: 'cache',
  hyperlinks: 'ignore',
  worksheets: 'emit',
  entries: 'ignore',
} as const;

/** The first worksheet's rows as cell text. */
async function* xlsxGrid(buffer: Buffer): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), READER_OPTIONS);
  const sheets = reader[Symbol.asyncIterator]();
  try {
    const first = await sheets.next();
    if (first.done) return;
    for await (const row of first.value) yield (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
  } finally {
    // The other sheets are passed over unread, which lets exceljs delete the temporary copies it makes
    // of sheets met before the shared strings (also after a stop half-way).
    await passOver(sheets).catch(() => undefined);
  }
}

async function passOver(sheets: AsyncIterator<unknown>): Promise<void> {
  while (!(await sheets.next()).done);
}

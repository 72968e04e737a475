import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { badRequest } from '../http/errors';
import { unneutralise } from './cells';

export type SheetRow = Record<string, string>;

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

/** Reads the first sheet of an .xlsx or .csv: the first row names the columns. Cells come back as trimmed text. */
export async function readSheet(buffer: Buffer, filename: string): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  let grid: string[][];
  try {
    if (/\.csv$/i.test(filename)) {
      const sheet = await workbook.csv.read(Readable.from(buffer), { map: (v: unknown) => v } as never);
      grid = sheetGrid(sheet);
    } else {
      await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      grid = sheet ? sheetGrid(sheet) : [];
    }
  } catch {
    throw badRequest('sales.fileUnreadable');
  }
  const [header, ...rows] = grid;
  if (!header) return [];
  const keys = header.map((h) => h.trim());
  return rows
    .filter((cells) => cells.some((c) => c.trim() !== ''))
    .map((cells) => Object.fromEntries(keys.map((k, i) => [k, unneutralise((cells[i] ?? '').trim())])));
}

function sheetGrid(sheet: ExcelJS.Worksheet): string[][] {
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    grid.push(values.slice(1).map(cellText));
  });
  return grid;
}

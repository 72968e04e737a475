import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { TestApi } from '../../test/test-app';

/** Test helpers for spreadsheet calls: upload a file as multipart, read an .xlsx answer. */
export async function upload(api: TestApi, url: string, token: string, filename: string, content: Buffer) {
  const boundary = `----test${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await api.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return { status: res.statusCode, body: res.json() };
}

/** The first sheet as rows of cell text (header row first). */
export async function xlsxRows(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  return rows;
}

/** Rewrites one column of the first sheet (a copy of an export to import as new rows). */
export async function renameColumn(buffer: Buffer, header: string, rename: (value: string) => string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const column = (sheet.getRow(1).values as unknown[]).indexOf(header);
  sheet.eachRow((row, n) => {
    if (n > 1) row.getCell(column).value = rename(String(row.getCell(column).value));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Whether LibreOffice can be used; on CI (`CI=true`) it must be, so a missing install fails the test. */
export function hasLibreOffice(): boolean {
  if (process.env.CI) return true;
  try {
    execFileSync('libreoffice', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Converts an .xlsx to CSV with LibreOffice (headless) and returns the CSV text. */
export function libreOfficeCsv(buffer: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
  const file = join(dir, 'export.xlsx');
  writeFileSync(file, buffer);
  execFileSync('libreoffice', ['--headless', '--convert-to', 'csv', '--outdir', dir, file], {
    stdio: 'ignore',
  });
  return readFileSync(join(dir, 'export.csv'), 'utf8');
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobStarted } from '@app/contracts';
import ExcelJS from 'exceljs';
import { multipartBody } from '../../test/multipart';
import type { TestApi } from '../../test/test-app';
import { pollJob } from '../jobs/test-jobs';

/** Test helpers for spreadsheet calls: upload a file as multipart, read an .xlsx answer. */
export async function upload(api: TestApi, url: string, token: string, filename: string, content: Buffer) {
  const { payload, headers } = multipartBody({}, [{ field: 'file', name: filename, data: content }]);
  const res = await api.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() };
}

/**
 * Uploads a sheet to an import call and follows its job to the end: the rows read, imported and failed,
 * and the error file's rows (header first) when some failed. Throws when the upload is refused.
 */
export async function importSheet(
  api: TestApi,
  url: string,
  token: string,
  filename: string,
  content: Buffer,
) {
  const res = await upload(api, url, token, filename, content);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body?.msg}`);
  const { job } = await pollJob(api, res.body.data as JobStarted, token);
  if (job.status !== 'done') throw new Error(`${url}: import job ${job.status}: ${job.error}`);
  const errorFile = job.download_url ? await api.get(job.download_url, { token }) : null;
  return {
    job,
    total: job.total,
    imported: job.processed,
    failed: (job.total ?? 0) - job.processed,
    errors: errorFile ? await xlsxRows(errorFile.raw) : null,
  };
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

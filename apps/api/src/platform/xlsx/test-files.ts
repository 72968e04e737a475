import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, createDeflateRaw } from 'node:zlib';
import type { JobStarted } from '@app/contracts';
import ExcelJS from 'exceljs';
import { multipartBody } from '../../test/multipart';
import type { TestApi } from '../../test/test-app';
import { pollJob } from '../jobs/test-jobs';

/** Test helpers for spreadsheet calls: upload a file as multipart, read an .xlsx answer. */
export async function upload(
  api: TestApi,
  url: string,
  token: string,
  filename: string,
  content: Buffer,
  extraHeaders: Record<string, string> = {},
) {
  const { payload, headers } = multipartBody({}, [{ field: 'file', name: filename, data: content }]);
  const res = await api.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...extraHeaders, authorization: `Bearer ${token}` },
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
  headers?: Record<string, string>,
) {
  const res = await upload(api, url, token, filename, content, headers);
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

export interface ZipPart {
  name: string;
  /** The part's bytes, or `repeat` copies of them (a sheet far larger than the test wants to hold). */
  data: Buffer;
  repeat?: number;
  head?: string;
  tail?: string;
}

/**
 * A zip written by hand (deflated parts, sizes declared truthfully), so a test can build a workbook that
 * unpacks to hundreds of megabytes while only its packed bytes are ever in memory.
 */
export async function zipOf(parts: readonly ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { packed, crc, size } = await deflatePart(part);
    const name = Buffer.from(part.name);
    const header = (signature: number, length: number) => {
      const b = Buffer.alloc(length);
      b.writeUInt32LE(signature, 0);
      return b;
    };
    const local = header(0x04034b50, 30);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = header(0x02014b50, 46);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function deflatePart(part: ZipPart) {
  const deflate = createDeflateRaw({ level: 9 });
  const packed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => packed.push(chunk));
  let crc = 0;
  let size = 0;
  const write = async (bytes: Buffer) => {
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await once(deflate, 'drain');
  };
  if (part.head) await write(Buffer.from(part.head));
  for (let i = 0; i < (part.repeat ?? 1); i++) await write(part.data);
  if (part.tail) await write(Buffer.from(part.tail));
  deflate.end();
  await once(deflate, 'end');
  return { packed: Buffer.concat(packed), crc: crc >>> 0, size };
}

/** The parts of a one-sheet workbook around `sheet` (its XML, usually repeated rows). */
export function workbookParts(sheet: Omit<ZipPart, 'name'>): ZipPart[] {
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${text}`);
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return [
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${rels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="${main}" xmlns:r="${rels}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          `<Relationship Id="rId1" Type="${rels}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      head: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${main}"><sheetData>${sheet.head ?? ''}`,
      tail: `${sheet.tail ?? ''}</sheetData></worksheet>`,
      data: sheet.data,
      repeat: sheet.repeat,
    },
  ];
}

/** The shared strings part of a workbook holding one string: `text` (repeated `repeat` times). */
export const sharedStringsPart = (text: Buffer, repeat = 1): ZipPart => ({
  name: 'xl/sharedStrings.xml',
  head: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>',
  data: text,
  repeat,
  tail: '</t></si></sst>',
});

/** A row of inline-string cells, as sheet XML. */
export const rowXml = (cells: readonly string[]) =>
  `<row>${cells.map((c) => `<c t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`;

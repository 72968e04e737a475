import { describe, expect, it } from 'vitest';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../../config';
import { AppError } from '../http/errors';
import { csvRecords } from './csv';
import { rowXml, sharedStringsPart, workbookParts, zipOf } from './test-files';
import { checkXlsx, SHARED_STRINGS_MAX_BYTES, XML_TOKEN_MAX_BYTES } from './zip-check';

const refusal = (check: Promise<unknown>) =>
  check.then(
    () => 'accepted',
    (error: unknown) => (error instanceof AppError ? { key: error.key, params: error.params } : error),
  );
const limits = (changes: Partial<ImportLimits>) => ({ ...DEFAULT_IMPORT_LIMITS, ...changes });
/** Where the central directory starts, from the end-of-directory record (a zip without a comment). */
const directoryOffset = (zip: Buffer) => zip.readUInt32LE(zip.length - 22 + 16);
const sheetOf = (rows: number) =>
  zipOf(workbookParts({ head: rowXml(['h']), data: Buffer.from(rowXml(['x'])), repeat: rows }));

describe('checkXlsx', () => {
  it('counts the rows under the header, also where a row tag is split between two unpacked chunks', async () => {
    expect(await checkXlsx(await sheetOf(20_000), DEFAULT_IMPORT_LIMITS)).toEqual({ rows: 20_000 });
  });

  it('refuses, naming the limit, too many rows, parts, or unpacked bytes in all', async () => {
    const file = await sheetOf(2_000);
    expect(await refusal(checkXlsx(file, limits({ rows: 1_999 })))).toEqual({
      key: 'import.tooManyRows',
      params: { limit: 1_999 },
    });
    expect(await refusal(checkXlsx(file, limits({ parts: 4 })))).toEqual({
      key: 'import.tooManyParts',
      params: { limit: 4 },
    });
    // The sheet is ~60 KB unpacked: over 0.05 MB in all, under it per part would be refused as a part.
    expect(await refusal(checkXlsx(file, limits({ unpackedBytes: 0.05 * 1024 * 1024 })))).toEqual({
      key: 'import.unpackedTooLarge',
      params: { limit: 0.05 },
    });
  });

  it('refuses bytes its zip directory does not account for (a part only a reader of local headers would see)', async () => {
    const file = await sheetOf(10);
    // A second sheet1.xml (a million rows) put between the last part and the directory, which still lists only
    // the first.
    const other = await zipOf([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(rowXml(['x']).repeat(1000)), repeat: 1000 },
    ]);
    const hidden = other.subarray(0, directoryOffset(other));
    const at = directoryOffset(file);
    const end = Buffer.from(file.subarray(file.length - 22));
    end.writeUInt32LE(at + hidden.length, 16);
    const smuggled = Buffer.concat([file.subarray(0, at), hidden, file.subarray(at, file.length - 22), end]);
    expect(await refusal(checkXlsx(smuggled, DEFAULT_IMPORT_LIMITS))).toMatchObject({
      key: 'import.notXlsx',
    });
    expect(await checkXlsx(file, DEFAULT_IMPORT_LIMITS)).toEqual({ rows: 10 });
  });

  it('refuses a cell longer than the reader should build, in the shared strings or in the sheet', async () => {
    const text = (bytes: number) => Buffer.from('x'.repeat(bytes));
    const withSharedString = (bytes: number) =>
      zipOf([
        ...workbookParts({ head: rowXml(['h']), data: Buffer.from('<row><c t="s"><v>0</v></c></row>') }),
        sharedStringsPart(text(bytes)),
      ]);
    const tooLong = { key: 'import.cellTooLong', params: { limit: 128 } };
    expect(
      await refusal(checkXlsx(await withSharedString(XML_TOKEN_MAX_BYTES + 1), DEFAULT_IMPORT_LIMITS)),
    ).toEqual(tooLong);
    expect(await checkXlsx(await withSharedString(XML_TOKEN_MAX_BYTES), DEFAULT_IMPORT_LIMITS)).toEqual({
      rows: 1,
    });
    const inline = zipOf(
      workbookParts({ head: rowXml(['h']), data: Buffer.from(rowXml(['x'.repeat(200_000)])) }),
    );
    expect(await refusal(checkXlsx(await inline, DEFAULT_IMPORT_LIMITS))).toEqual(tooLong);
  });

  it('refuses shared strings larger than the reader should hold from the zip directory', async () => {
    const file = await zipOf([
      ...workbookParts({ head: rowXml(['h']), data: Buffer.alloc(0) }),
      sharedStringsPart(Buffer.alloc(1024 * 1024, 'x'), SHARED_STRINGS_MAX_BYTES / (1024 * 1024) + 1),
    ]);
    // Packed far tighter than any honest sheet: the zip bomb check is set aside to reach this one.
    expect(await refusal(checkXlsx(file, limits({ ratio: 100_000 })))).toEqual({
      key: 'import.sharedStringsTooLarge',
      params: { limit: 64 },
    });
  });

  it('refuses a zip without a worksheet and what is no zip at all', async () => {
    const noSheet = await zipOf(workbookParts({ data: Buffer.alloc(0) }).slice(0, 2));
    expect(await refusal(checkXlsx(noSheet, DEFAULT_IMPORT_LIMITS))).toMatchObject({ key: 'import.notXlsx' });
    expect(await refusal(checkXlsx(Buffer.from('a,b\n1,2\n'), DEFAULT_IMPORT_LIMITS))).toMatchObject({
      key: 'import.notXlsx',
    });
  });
});

describe('csvRecords', () => {
  it('reads quoted commas, doubled quotes and line breaks, CRLF line ends and a byte order mark', () => {
    const text = '\uFEFFname,note\r\n"Lee, A","said ""hi""\non two lines"\r\nB,\n';
    expect([...csvRecords(Buffer.from(text))]).toEqual([
      ['name', 'note'],
      ['Lee, A', 'said "hi"\non two lines'],
      ['B', ''],
    ]);
  });

  it('reads a character split between two slices of the upload', () => {
    const text = `${'a'.repeat(64 * 1024 - 1)}é,香\n`;
    expect([...csvRecords(Buffer.from(text))]).toEqual([[`${'a'.repeat(64 * 1024 - 1)}é`, '香']]);
  });
});

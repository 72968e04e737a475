import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type MessageKey, ResultCode } from '@app/contracts';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { type ImportLimits, MB } from '../../config';
import { AppError } from '../http/errors';
import { XmlTokenMeter } from './xml-tokens';

/** The sheet an import reads: the first worksheet in the zip, the one exceljs's streaming reader meets first. */
export const SHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * The shared strings (every text of the workbook, each once), which the reader keeps in memory while it reads
 * the sheet, and which take two to four times their unpacked size there: at most this many bytes unpacked.
 */
export const SHARED_STRINGS_MAX_BYTES = 64 * MB;
const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';
/**
 * The longest text, tag, CDATA section or comment an XML part may hold: the reader builds each as one string.
 * A cell holds at most 32,767 characters in Excel, under 128 KB in UTF-8 with its XML escapes.
 */
export const XML_TOKEN_MAX_BYTES = 128 * 1024;
const XML_PART = /\.(xml|rels)$/i;

/** Parts smaller than this are not judged by their ratio: tiny XML parts pack tightly and cannot hurt. */
const RATIO_FROM_BYTES = MB;
/** Bytes a zip data descriptor may take after an entry's data (with or without signature, zip64 or not). */
const DESCRIPTOR_SIZES = [12, 16, 20, 24];

export const refuseFile = (key: MessageKey, params?: Record<string, number>) =>
  new AppError(ResultCode.VALIDATION, key, params);

/**
 * Checks an .xlsx before anything parses it, and answers the rows of its sheet under the header. The central
 * directory must be within the limits (parts, each part's and the total unpacked size, the shared strings'
 * size, the packing ratio), every byte of the file must belong to an entry it lists (so a reader going through
 * the local headers, as exceljs's does, meets nothing else), and every part is unpacked once into nothing to
 * prove its size (yauzl stops a part that unpacks to more than it declares) and, for an XML part, that no text
 * or tag in it is longer than XML_TOKEN_MAX_BYTES, while the sheet's rows are counted.
 * Memory stays at a few zlib buffers; time is bounded by the unpacked limit. Refusals are 422s.
 */
export async function checkXlsx(buffer: Buffer, limits: ImportLimits): Promise<{ rows: number }> {
  const zip = await yauzl
    .fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true })
    .catch(() => Promise.reject(refuseFile('import.notXlsx')));
  try {
    if (zip.entryCount > limits.parts) throw refuseFile('import.tooManyParts', { limit: limits.parts });
    // Before any entry is read, yauzl's cursor is the central directory's offset.
    const centralDirectory = zip.readEntryCursor as unknown as number;
    const entries = await readEntries(zip).catch(() => Promise.reject(refuseFile('import.notXlsx')));
    checkSizes(entries, limits);
    await checkNothingHidden(zip, entries, centralDirectory);
    const sheet = entries.find((e) => SHEET_PART.test(e.fileName));
    if (!sheet) throw refuseFile('import.notXlsx');
    let rows = 0;
    for (const entry of entries) {
      const counted = await unpack(zip, entry, entry === sheet).catch((error: unknown) =>
        Promise.reject(error instanceof AppError ? error : refuseFile('import.notXlsx')),
      );
      if (entry === sheet) rows = Math.max(0, counted - 1);
    }
    if (rows > limits.rows) throw refuseFile('import.tooManyRows', { limit: limits.rows });
    return { rows };
  } finally {
    zip.close();
  }
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

function checkSizes(entries: Entry[], limits: ImportLimits): void {
  let total = 0;
  for (const e of entries) {
    if (e.uncompressedSize > limits.partBytes)
      throw refuseFile('import.partTooLarge', { limit: limits.partBytes / MB });
    if (e.uncompressedSize >= RATIO_FROM_BYTES && e.uncompressedSize > limits.ratio * e.compressedSize)
      throw refuseFile('import.zipBomb');
    if (e.fileName === SHARED_STRINGS_PART && e.uncompressedSize > SHARED_STRINGS_MAX_BYTES)
      throw refuseFile('import.sharedStringsTooLarge', { limit: SHARED_STRINGS_MAX_BYTES / MB });
    total += e.uncompressedSize;
  }
  if (total > limits.unpackedBytes)
    throw refuseFile('import.unpackedTooLarge', { limit: limits.unpackedBytes / MB });
}

/** The entries, in file order, follow each other from the start of the file up to the central directory. */
async function checkNothingHidden(zip: ZipFile, entries: Entry[], centralDirectory: number): Promise<void> {
  const inOrder = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  let end = 0;
  for (const entry of [...inOrder, null]) {
    const next = entry?.relativeOffsetOfLocalHeader ?? centralDirectory;
    const gap = next - end;
    if (gap !== 0 && !DESCRIPTOR_SIZES.includes(gap)) throw refuseFile('import.notXlsx');
    if (!entry) return;
    const { fileDataStart } = await zip
      .readLocalFileHeaderPromise(entry, { minimal: true })
      .catch(() => Promise.reject(refuseFile('import.notXlsx')));
    end = fileDataStart + entry.compressedSize;
  }
}

/**
 * Unpacks a part into nothing, measuring the tokens of an XML part; answers the number of `<row>` elements
 * when `countRows`.
 */
async function unpack(zip: ZipFile, entry: Entry, countRows: boolean): Promise<number> {
  let rows = 0;
  let carry = '';
  const tokens = XML_PART.test(entry.fileName) ? new XmlTokenMeter() : null;
  await pipeline(
    await zip.openReadStreamPromise(entry),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        tokens?.write(chunk);
        if (tokens && tokens.longest > XML_TOKEN_MAX_BYTES)
          return done(refuseFile('import.cellTooLong', { limit: XML_TOKEN_MAX_BYTES / 1024 }));
        if (countRows) {
          // A tag split between two chunks is found in the carried tail of the previous one (shorter
          // than a whole match, so none is counted twice).
          const text = carry + chunk.toString('latin1');
          rows += text.match(ROW_TAG)?.length ?? 0;
          carry = text.slice(-'<row'.length);
        }
        done();
      },
    }),
  );
  return rows;
}

const ROW_TAG = /<row[\s>/]/g;

import {
  type ImportKind,
  type JobStarted,
  LOCALES,
  type Locale,
  type MessageKey,
  type PermId,
  translate,
} from '@app/contracts';
import { DEFAULT_IMPORT_LIMITS, MB } from '../../config';
import type { Caller } from '../caller';
import { type Db, type DbOrTx, hasConnectionPool, type Tx } from '../db/client';
import { AppError, badRequest, conflict } from '../http/errors';
import type { AuthedCtx } from '../http/route';
import { refuseUnstorableText } from '../http/storable-text';
import { type RawFieldError, translateFieldErrors } from '../http/validation';
import { type JobContext, startJob, throwIfStopped } from '../jobs/jobs.runner';
import { type Column, writeXlsx } from './export';
import type { SheetReader } from './format';
import { cellReader, type ImportCells } from './import-cells';
import { checkImportFile, type SheetRow, sheetRows } from './read';
import { refuseFile } from './zip-check';

/** One kind of spreadsheet import: its template columns, a per-row check, and how valid rows are applied. */
export interface ImportSpec<T> extends ImportCells {
  kind: ImportKind;
  columns: readonly string[];
  /** A column's translated header, which a sheet (an export) may carry instead of the column's name, in any language. */
  header?: (column: string) => MessageKey;
  /** The permission that reads this kind's template (its import route requires the same one). */
  perm: PermId;
  /** Validates one row (schema and database look-ups); throws an AppError naming the field when it is wrong. */
  prepare(db: DbOrTx, row: SheetRow): Promise<T>;
  /** Applies valid rows inside one transaction (all of them, or a chunk of them on PGlite: see startImport). */
  apply(tx: Tx, rows: T[], actor: Caller): Promise<void>;
  /**
   * Rows that would add the same thing twice: a row whose key (null: none) an earlier valid row of the same file
   * had is refused with `message` (prepare's database check cannot see rows of the file not yet applied).
   */
  once?: { key(prepared: T): string | null; message: MessageKey };
}

/** The spec's prepare, refusing a row that repeats an earlier valid row of the same file (ImportSpec.once). */
function preparerOf<T>(spec: ImportSpec<T>, db: DbOrTx) {
  const seen = new Set<string>();
  return async (row: SheetRow) => {
    const prepared = await spec.prepare(db, row);
    const key = spec.once?.key(prepared) ?? null;
    if (key !== null && seen.has(key)) throw conflict(spec.once!.message);
    if (key !== null) seen.add(key);
    return prepared;
  };
}

function rowError(error: unknown, locale: Locale): string {
  if (!(error instanceof AppError)) throw error;
  const errors = (error.data as { errors?: RawFieldError[] } | null)?.errors;
  if (!errors?.length) return translate(error.key, locale, error.params);
  return translateFieldErrors(errors, locale)
    .map((e) => `${e.field}: ${e.message}`)
    .join('; ');
}

interface FailedRow {
  row: SheetRow;
  error: string;
}

/** The column a sheet's header names: its name, or its translated header in any language. */
function columnOfHeader<T>(spec: ImportSpec<T>): (header: string) => string {
  const { header } = spec;
  if (!header) return (text) => text;
  const columns = new Map(
    LOCALES.flatMap((l) => spec.columns.map((c) => [translate(header(c), l), c] as const)),
  );
  return (text) => columns.get(text) ?? text;
}

/** The error file: the failed rows as they were read, plus why each failed. */
const errorColumns = (columns: readonly string[]): Column<FailedRow>[] => [
  ...columns.map((header) => ({ header, value: (f: FailedRow) => f.row[header] ?? '' })),
  { header: 'error', value: (f) => f.error },
];

/** The rows in batches for the streaming writer (which yields to other requests between its slices). */
async function* inBatches<T>(rows: readonly T[], size = 2000): AsyncGenerator<T[]> {
  for (let at = 0; at < rows.length; at += size) yield rows.slice(at, at + size);
}

/** Rows checked between two progress reports on PostgreSQL. */
const PROGRESS_EVERY = 200;
/**
 * Rows applied per transaction on embedded PGlite. Its one connection serves nothing else while a
 * transaction is open, so other requests wait at most one chunk (30-40 ms for providers; bench/imports.ts).
 */
const PGLITE_CHUNK_ROWS = 25;

interface Upload {
  buffer: Buffer;
  filename: string;
  /** Rows under the header, counted by checkImportFile. */
  rows: number;
}

/**
 * Takes the upload and refuses (422) a file over the import limits before parsing it (docs/operations.md),
 * then answers at once with a job that validates the rows as they are read, applies the valid ones and,
 * when rows failed, leaves an error file (the failed rows plus an `error` column) as the job's file. One
 * import of a kind runs at a time ("Import in progress, try later" while another is queued or running: the
 * lock is that job, free once it ends or is failed as lost, never taken from a live one).
 * On PostgreSQL every row is checked first and the valid ones are applied in one transaction: `processed`
 * counts rows checked while it runs, and a failed import keeps nothing. On embedded PGlite the valid rows
 * are applied PGLITE_CHUNK_ROWS at a time, each chunk in its own transaction as soon as it is checked, so
 * other requests get the database between chunks: `processed` counts rows committed, and a failed import
 * keeps its committed chunks (its job says how many). Done, `total` = rows read, `processed` = rows imported.
 */
export async function startImport<T>(
  {
    app,
    req,
    caller,
    locale,
    timeZone,
  }: Pick<AuthedCtx<unknown, unknown, unknown>, 'app' | 'req' | 'caller' | 'locale' | 'timeZone'>,
  spec: ImportSpec<T>,
): Promise<JobStarted> {
  const limits = app.config.importLimits ?? DEFAULT_IMPORT_LIMITS;
  const upload = await req.file({ limits: { fileSize: limits.uploadBytes } }).catch(() => undefined);
  if (!upload) throw badRequest('sales.fileRequired');
  refuseUnstorableText({ file: upload.filename });
  if (!/\.(xlsx|csv)$/i.test(upload.filename)) throw badRequest('sales.fileRequired');
  const buffer = await upload.toBuffer().catch((error: unknown) => {
    if (error instanceof req.server.multipartErrors.RequestFileTooLargeError)
      throw refuseFile('import.fileTooLarge', { limit: limits.uploadBytes / MB });
    throw error;
  });
  const { rows } = await checkImportFile(buffer, upload.filename, limits);
  return startJob(app.jobs, {
    kind: `${spec.kind}.import`,
    ownerId: caller.id,
    params: { file: upload.filename },
    fileName: `${spec.kind}-errors.xlsx`,
    exclusive: 'common.importInProgress',
    run: (ctx) =>
      importRows(
        app.db,
        caller,
        { locale, timeZone },
        spec,
        { buffer, filename: upload.filename, rows },
        limits.rows,
        ctx,
      ),
  });
}

async function importRows<T>(
  db: Db,
  actor: Caller,
  { locale, timeZone }: SheetReader,
  spec: ImportSpec<T>,
  upload: Upload,
  maxRows: number,
  { file, signal, progress, commit }: JobContext,
) {
  const chunkRows = hasConnectionPool(db) ? Number.POSITIVE_INFINITY : PGLITE_CHUNK_ROWS;
  await progress(0, upload.rows);
  let valid: T[] = [];
  let imported = 0;
  let read = 0;
  const failed: FailedRow[] = [];
  const prepare = preparerOf(spec, db);
  const cells = cellReader(spec, timeZone);
  const apply = async () => {
    const rows = valid;
    valid = [];
    await db.transaction(async (tx) => {
      await spec.apply(tx, rows, actor);
      await commit(tx, rows.length);
    });
    imported += rows.length;
  };
  for await (const row of sheetRows(upload.buffer, upload.filename, maxRows, columnOfHeader(spec))) {
    throwIfStopped(signal);
    read++;
    try {
      valid.push(await prepare(cells(refuseUnstorableText(row))));
    } catch (error) {
      failed.push({ row, error: rowError(error, locale) });
    }
    if (valid.length >= chunkRows) {
      await apply();
      await progress(imported);
      // PGlite runs queries in this thread and answers them without a turn of the event loop: without
      // this turn, requests that arrived meanwhile would wait for the parser's next file read.
      await new Promise(setImmediate);
    } else if (chunkRows === Number.POSITIVE_INFINITY && read % PROGRESS_EVERY === 0) await progress(read);
  }
  throwIfStopped(signal);
  if (valid.length > 0) await apply();
  if (failed.length > 0) await writeXlsx(file, errorColumns(spec.columns), inBatches(failed));
  return { processed: imported, total: read, file: failed.length > 0 };
}

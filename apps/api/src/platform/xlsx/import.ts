import { type ImportKind, type JobStarted, type Locale, translate } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from '../db/client';
import { AppError, badRequest } from '../http/errors';
import { refuseUnstorableText } from '../http/storable-text';
import { type RawFieldError, translateFieldErrors } from '../http/validation';
import type { JobHost } from '../jobs/job-host';
import { type JobContext, startJob, throwIfStopped } from '../jobs/jobs.runner';
import { xlsxBuffer } from './export';
import { readSheet, type SheetRow } from './read';

/** One kind of spreadsheet import: its template columns, a per-row check, and how valid rows are applied. */
export interface ImportSpec<T> {
  kind: ImportKind;
  columns: readonly string[];
  /** Validates one row (schema and database look-ups); throws an AppError naming the field when it is wrong. */
  prepare(db: DbOrTx, row: SheetRow): Promise<T>;
  /** Applies every valid row inside one transaction. */
  apply(tx: Tx, rows: T[], req: FastifyRequest): Promise<void>;
}

function rowError(error: unknown, locale: Locale): string {
  if (!(error instanceof AppError)) throw error;
  const errors = (error.data as { errors?: RawFieldError[] } | null)?.errors;
  if (!errors?.length) return translate(error.key, locale, error.params);
  return translateFieldErrors(errors, locale)
    .map((e) => `${e.field}: ${e.message}`)
    .join('; ');
}

/** Rows checked between two progress reports. */
const PROGRESS_EVERY = 200;

/**
 * Takes the upload, then answers at once with a job that validates every row, applies the valid ones in one
 * transaction and, when rows failed, leaves an error file (the failed rows plus an `error` column) as the
 * job's file. One import of a kind runs at a time ("Import in progress, try later" while another is queued
 * or running: the lock is that job, free once it ends or is failed as lost, never taken from a live one).
 * While it runs, `processed` counts rows checked; it ends with `total` = rows read and `processed` = rows
 * imported, or, failed, `processed` = 0: nothing is imported unless every valid row is.
 */
export async function startImport<T>(
  jobs: JobHost,
  req: FastifyRequest,
  locale: Locale,
  spec: ImportSpec<T>,
): Promise<JobStarted> {
  const upload = await req.file().catch(() => undefined);
  if (!upload) throw badRequest('sales.fileRequired');
  refuseUnstorableText({ file: upload.filename });
  if (!/\.(xlsx|csv)$/i.test(upload.filename)) throw badRequest('sales.fileRequired');
  const buffer = await upload.toBuffer();
  return startJob(jobs, {
    kind: `${spec.kind}.import`,
    ownerId: req.principal!.id,
    params: { file: upload.filename },
    fileName: `${spec.kind}-errors.xlsx`,
    exclusive: 'common.importInProgress',
    run: (ctx) => importRows(jobs.db, req, locale, spec, buffer, upload.filename, ctx),
  });
}

async function importRows<T>(
  db: Db,
  req: FastifyRequest,
  locale: Locale,
  spec: ImportSpec<T>,
  buffer: Buffer,
  filename: string,
  { file, signal, progress, commit }: JobContext,
) {
  const rows = await readSheet(buffer, filename);
  await progress(0, rows.length);
  const valid: T[] = [];
  const failed: Array<{ row: SheetRow; error: string }> = [];
  for (const [i, row] of rows.entries()) {
    throwIfStopped(signal);
    try {
      valid.push(await spec.prepare(db, refuseUnstorableText(row)));
    } catch (error) {
      failed.push({ row, error: rowError(error, locale) });
    }
    if ((i + 1) % PROGRESS_EVERY === 0) await progress(i + 1);
  }
  throwIfStopped(signal);
  if (valid.length > 0)
    await db.transaction(async (tx) => {
      await spec.apply(tx, valid, req);
      await commit(tx, valid.length);
    });
  if (failed.length > 0) {
    const errors = await xlsxBuffer(
      [...spec.columns, 'error'],
      failed.map((f) => [...spec.columns.map((c) => f.row[c] ?? ''), f.error]),
    );
    await new Promise<void>((resolve, reject) =>
      file.end(errors, (e?: Error | null) => (e ? reject(e) : resolve())),
    );
  }
  return { processed: valid.length, total: rows.length, file: failed.length > 0 };
}

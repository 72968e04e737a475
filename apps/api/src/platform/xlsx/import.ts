import { type ImportKind, type JobStarted, type Locale, translate } from '@app/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from '../db/client';
import { AppError, badRequest, conflict } from '../http/errors';
import { type RawFieldError, translateFieldErrors } from '../http/validation';
import { type JobContext, startJob, throwIfStopped } from '../jobs/jobs.runner';
import { xlsxBuffer } from './export';
import { importLocks } from './import-lock.schema';
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

/** An import lock older than this is left over from a crashed process and may be taken over. */
const STALE_LOCK = sql`now() - interval '15 minutes'`;

/**
 * Takes the import lock of a kind (taking over a stale one) and returns its release, which
 * deletes the lock only while this import still owns it (its token): an import whose stale lock
 * was taken over must not free the lock of the import that took it.
 */
export async function acquireImportLock(
  db: Db,
  kind: ImportKind,
  actorId: number | null,
): Promise<() => Promise<void>> {
  await db.delete(importLocks).where(and(eq(importLocks.kind, kind), lt(importLocks.startedAt, STALE_LOCK)));
  const [taken] = await db.insert(importLocks).values({ kind, actorId }).onConflictDoNothing().returning();
  if (!taken) throw conflict('common.importInProgress');
  const { token } = taken;
  return async () => {
    await db.delete(importLocks).where(and(eq(importLocks.kind, kind), eq(importLocks.token, token)));
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

/** Rows checked between two progress reports. */
const PROGRESS_EVERY = 200;

/**
 * Takes the upload and the import lock of its kind ("Import in progress, try later" while another import of
 * that kind runs), then answers at once with a job that validates every row, applies the valid ones in one
 * transaction and, when rows failed, leaves an error file (the failed rows plus an `error` column) as the
 * job's file. The job ends with `total` = rows read and `processed` = rows imported; the lock is released
 * when it ends, however it ends.
 */
export async function startImport<T>(
  db: Db,
  req: FastifyRequest,
  locale: Locale,
  spec: ImportSpec<T>,
): Promise<JobStarted> {
  const upload = await req.file().catch(() => undefined);
  if (!upload) throw badRequest('sales.fileRequired');
  if (!/\.(xlsx|csv)$/i.test(upload.filename)) throw badRequest('sales.fileRequired');
  const buffer = await upload.toBuffer();
  const release = await acquireImportLock(db, spec.kind, req.principal?.id ?? null);
  try {
    return await startJob(
      db,
      {
        kind: `${spec.kind}.import`,
        ownerId: req.principal!.id,
        params: { file: upload.filename },
        fileName: `${spec.kind}-errors.xlsx`,
        run: (ctx) => importRows(db, req, locale, spec, buffer, upload.filename, ctx).finally(release),
      },
      req.log,
    );
  } catch (error) {
    await release();
    throw error;
  }
}

async function importRows<T>(
  db: Db,
  req: FastifyRequest,
  locale: Locale,
  spec: ImportSpec<T>,
  buffer: Buffer,
  filename: string,
  { file, signal, progress }: JobContext,
) {
  const rows = await readSheet(buffer, filename);
  await progress(0, rows.length);
  const valid: T[] = [];
  const failed: Array<{ row: SheetRow; error: string }> = [];
  for (const [i, row] of rows.entries()) {
    throwIfStopped(signal);
    try {
      valid.push(await spec.prepare(db, row));
    } catch (error) {
      failed.push({ row, error: rowError(error, locale) });
    }
    if ((i + 1) % PROGRESS_EVERY === 0) await progress(i + 1);
  }
  throwIfStopped(signal);
  if (valid.length > 0) await db.transaction((tx) => spec.apply(tx, valid, req));
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

import { type ImportKind, type ImportResult, type Locale, translate } from '@app/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from '../db/client';
import { AppError, badRequest, conflict } from '../http/errors';
import { type RawFieldError, translateFieldErrors } from '../http/validation';
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

/**
 * Reads the uploaded sheet, validates every row, applies the valid ones in one
 * transaction and returns an error file (the failed rows plus an `error` column).
 * Only one import of a kind runs at a time ("Import in progress, try later").
 */
export async function runImport<T>(
  db: Db,
  req: FastifyRequest,
  locale: Locale,
  spec: ImportSpec<T>,
): Promise<ImportResult> {
  const upload = await req.file().catch(() => undefined);
  if (!upload) throw badRequest('sales.fileRequired');
  if (!/\.(xlsx|csv)$/i.test(upload.filename)) throw badRequest('sales.fileRequired');
  const buffer = await upload.toBuffer();
  const release = await acquireImportLock(db, spec.kind, req.principal?.id ?? null);
  try {
    const rows = await readSheet(buffer, upload.filename);
    const valid: T[] = [];
    const failed: Array<{ row: SheetRow; error: string }> = [];
    for (const row of rows) {
      try {
        valid.push(await spec.prepare(db, row));
      } catch (error) {
        failed.push({ row, error: rowError(error, locale) });
      }
    }
    if (valid.length > 0) await db.transaction((tx) => spec.apply(tx, valid, req));
    const errorFile =
      failed.length === 0
        ? null
        : await xlsxBuffer(
            [...spec.columns, 'error'],
            failed.map((f) => [...spec.columns.map((c) => f.row[c] ?? ''), f.error]),
          );
    return {
      total: rows.length,
      imported: valid.length,
      failed: failed.length,
      error_file: errorFile ? errorFile.toString('base64') : null,
    };
  } finally {
    await release();
  }
}

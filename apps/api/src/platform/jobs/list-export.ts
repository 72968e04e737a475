import type { AccountCaller } from '../caller';
import type { Db } from '../db/client';
import type { Reader } from '../db/read-replicas';
import { type Column, keysetBatches } from '../xlsx/export';
import type { XlsxJob } from './jobs.runner';

/** A list screen's export: what it is, whose, and how its filtered rows are counted and read. */
export interface ListExport<T extends { id: number }> {
  /** The job's kind (`withdrawals.export`), also its file's name before the date. */
  kind: string;
  viewer: AccountCaller;
  /** The list's query as sent; its paging and `export` flag are left out of the job's record. */
  query: Record<string, unknown>;
  fileName: string;
  /** The columns in the reader's language and time zone (xlsx/format.ts `sheetFormat`). */
  columns: readonly Column<T>[];
  /** Where the job reads its rows (jobReader: the request's replica, the primary once that replica fails). */
  reads: Reader;
  /** How many rows the filters select. */
  count: (db: Db) => Promise<number>;
  /** The filtered rows newest first: `limit` of them with ids below `beforeId` (all when null). */
  before: (db: Db, beforeId: number | null, limit: number) => Promise<T[]>;
}

/**
 * Every list's export (docs/jobs.md, "Exports of the lists"): the rows its filters select, in the order the list shows
 * them (newest first), read by keyset whatever their number, written as a job with its progress. A list's export
 * gives its columns, its count and its rows; nothing else is written twice.
 */
export function listExportJob<T extends { id: number }>(spec: ListExport<T>): XlsxJob<T> {
  const { page: _page, pageSize: _size, export: _export, ...params } = spec.query;
  return {
    kind: spec.kind,
    ownerId: spec.viewer.id,
    params,
    fileName: spec.fileName,
    columns: spec.columns,
    count: () => spec.reads(spec.count),
    batches: () => keysetBatches((beforeId, limit) => spec.reads((db) => spec.before(db, beforeId, limit))),
  };
}

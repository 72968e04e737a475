import {
  LIST_COLUMNS,
  type ListColumns,
  type ListColumnsBody,
  type ListKey,
  type SavedView,
  type SaveViewBody,
  VIEW_LIMITS,
} from '@app/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AccountCaller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { conflict, notFound } from '../platform/http/errors';
import { listColumns, type SavedViewRow, savedViews } from './views.schema';

/**
 * Each person's own saved views and columns (docs/product/members.md, "Saved views and columns"): every read and change is of the
 * caller's rows only, so another person's view is not found (404), whoever asks.
 */
const viewOf = (row: SavedViewRow): SavedView => ({
  id: row.id,
  list: row.listKey,
  name: row.name,
  filters: row.filters,
  created_at: new Date(row.createdAt).toISOString(),
});

export async function listViews(db: DbOrTx, caller: AccountCaller, list: ListKey): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.ownerId, caller.id), eq(savedViews.listKey, list)))
    .orderBy(asc(savedViews.name), asc(savedViews.id));
  return rows.map(viewOf);
}

/** Saves a named view of a list: a name the caller already gave on that list is 409, as is a 51st view. */
export async function saveView(db: DbOrTx, caller: AccountCaller, body: SaveViewBody): Promise<SavedView> {
  const name = body.name.trim();
  return db.transaction(async (tx) => {
    const mine = and(eq(savedViews.ownerId, caller.id), eq(savedViews.listKey, body.list));
    const [held] = await tx.select({ n: count() }).from(savedViews).where(mine);
    if ((held?.n ?? 0) >= VIEW_LIMITS.perList) throw conflict('views.tooMany', { max: VIEW_LIMITS.perList });
    const [row] = await tx
      .insert(savedViews)
      .values({ ownerId: caller.id, listKey: body.list, name, filters: body.filters })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('views.duplicateName', { name });
    return viewOf(row);
  });
}

export async function deleteView(db: DbOrTx, caller: AccountCaller, id: number): Promise<void> {
  const gone = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.ownerId, caller.id)))
    .returning({ id: savedViews.id });
  if (gone.length === 0) throw notFound();
}

export async function columnsOf(db: DbOrTx, caller: AccountCaller, list: ListKey): Promise<ListColumns> {
  const [row] = await db
    .select({ columns: listColumns.columns })
    .from(listColumns)
    .where(and(eq(listColumns.ownerId, caller.id), eq(listColumns.listKey, list)));
  return { list, columns: row?.columns ?? null };
}

/** Keeps the columns in the list's order, without repeats; the list's first column is always shown. */
export async function saveColumns(
  db: DbOrTx,
  caller: AccountCaller,
  body: ListColumnsBody,
): Promise<ListColumns> {
  const known = LIST_COLUMNS[body.list];
  const chosen = new Set([known[0], ...body.columns]);
  const columns = known.filter((c) => chosen.has(c));
  await db
    .insert(listColumns)
    .values({ ownerId: caller.id, listKey: body.list, columns })
    .onConflictDoUpdate({
      target: [listColumns.ownerId, listColumns.listKey],
      set: { columns, updatedAt: sql`now()` },
    });
  return { list: body.list, columns };
}

import { and, asc, desc, eq, exists, gt, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { wallets } from '../wallet/wallet.schema';
import { users } from './members.schema';

/** One part of the list by balance: the ids of a page of it, and its size (asked only for a page past it). */
interface Part {
  ids(skip: number, take: number): Promise<number[]>;
  size(): Promise<number>;
}

/**
 * The ids of one page of the members `where` selects (a condition on `users` alone), by available balance and
 * then id, both in `direction`, as `order by coalesce(balance, 0), id` would list them. That order cannot use an
 * index (a wallet is made at a member's first posting, so the balance is across an outer join), and at a million
 * members it sorted them all (1.7–2.5 s). Listed in two parts instead: members with money, along the partial
 * index `wallets_available_idx` (0025), and members without, along the users' primary key; a page reads at most
 * the two parts' first rows, and the size of the first only when it starts past it.
 */
export async function memberIdsByBalance(
  db: DbOrTx,
  where: SQL,
  direction: 'asc' | 'desc',
  offset: number,
  limit: number,
): Promise<number[]> {
  const order = direction === 'asc' ? asc : desc;
  const hasMoney = and(eq(wallets.userId, users.id), gt(wallets.availableCents, 0));
  const withMoney: Part = {
    ids: async (skip, take) =>
      (
        await db
          .select({ id: users.id })
          .from(wallets)
          .innerJoin(users, eq(users.id, wallets.userId))
          .where(and(gt(wallets.availableCents, 0), where))
          .orderBy(order(wallets.availableCents), order(wallets.userId))
          .offset(skip)
          .limit(take)
      ).map((r) => r.id),
    size: async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from ${wallets} join ${users} on ${users.id} = ${wallets.userId}
                where ${wallets.availableCents} > 0 and ${where}`,
          )
        )[0]?.n ?? 0,
      ),
  };
  const noMoney = and(where, sql`not ${exists(db.select({ one: sql`1` }).from(wallets).where(hasMoney))}`);
  const withoutMoney: Part = {
    ids: async (skip, take) =>
      (
        await db
          .select({ id: users.id })
          .from(users)
          .where(noMoney)
          .orderBy(order(users.id))
          .offset(skip)
          .limit(take)
      ).map((r) => r.id),
    size: async () =>
      Number(
        (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${users} where ${noMoney}`))[0]
          ?.n ?? 0,
      ),
  };
  const ids: number[] = [];
  let skip = offset;
  for (const part of direction === 'desc' ? [withMoney, withoutMoney] : [withoutMoney, withMoney]) {
    const found = await part.ids(skip, limit - ids.length);
    ids.push(...found);
    if (ids.length >= limit) break;
    // This part ended within the page (the next starts at its top) or before it (the next skips the rest).
    skip = found.length > 0 ? 0 : Math.max(0, skip - (await part.size()));
  }
  return ids;
}

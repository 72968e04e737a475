import { eq, sql } from 'drizzle-orm';
import { callerColumns, callerOf, callerParams } from '../access/caller';
import { users } from '../members/members.schema';
import type { AccountCaller, CallerLoader } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { preparedPerHandle, statementText } from '../platform/db/prepared';
import { NO_WALLET } from './ledger';
import { wallets } from './wallet.schema';

/**
 * A member reads their own wallet summary (docs/performance/reads.md), so that read loads its caller with their
 * balances in one statement, the route's caller loader (checked like every caller): one round trip, not two.
 */
const callerWithBalance = (db: DbOrTx) =>
  db
    .select({
      ...callerColumns,
      wallet: { availableCents: wallets.availableCents, frozenCents: wallets.frozenCents },
    })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')));
const callerWithBalanceQuery = preparedPerHandle((db) => callerWithBalance(db).prepare('load_caller_wallet'));

/** The statement's text (for the benchmarks' bare baseline). */
export const callerWithBalanceText = (db: DbOrTx) => statementText(callerWithBalance(db));

export interface WalletHolder extends AccountCaller {
  ownBalance: { availableCents: number; frozenCents: number };
}

export const loadCallerWithBalance: CallerLoader<WalletHolder> = async (db, userId, source) => {
  const [row] = await callerWithBalanceQuery(db).execute(callerParams(userId, source));
  return row ? { ...callerOf(row, source), ownBalance: row.wallet ?? NO_WALLET } : null;
};

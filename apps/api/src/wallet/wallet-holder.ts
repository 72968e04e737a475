import { eq, sql } from 'drizzle-orm';
import { principalColumns, principalOf } from '../access/principal';
import { users } from '../members/members.schema';
import { preparedPerHandle } from '../platform/db/prepared';
import type { Principal, PrincipalLoader } from '../platform/http/principal';
import { NO_WALLET } from './ledger';
import { wallets } from './wallet.schema';

/**
 * A member reads their own wallet summary (docs/performance/reads.md), so that read loads its caller with their
 * balances in one statement, the route's principal loader (checked like every caller): one round trip, not two.
 */
const callerWithBalanceQuery = preparedPerHandle((db) =>
  db
    .select({
      ...principalColumns,
      wallet: { availableCents: wallets.availableCents, frozenCents: wallets.frozenCents },
    })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('load_principal_wallet'),
);

export interface WalletHolder extends Principal {
  ownBalance: { availableCents: number; frozenCents: number };
}

export const loadPrincipalWithBalance: PrincipalLoader<WalletHolder> = async (db, userId) => {
  const [row] = await callerWithBalanceQuery(db).execute({ id: userId });
  return row ? { ...principalOf(row), ownBalance: row.wallet ?? NO_WALLET } : null;
};

import { expect } from 'vitest';
import type { UserRow } from '../members/members.schema';
import { TEST_PASSWORD } from '../test/factory';
import type { TestApi } from '../test/test-app';
import { checkInvariant } from './invariant';
import { postEntry, walletBalance } from './ledger';

export interface SignedIn {
  user: UserRow;
  token: string;
}

/** A member signed in, with `cents` credited through the ledger (as a completed recharge would). */
export async function fundedMember(api: TestApi, cents: number): Promise<SignedIn> {
  const user = await api.factory.member();
  if (cents > 0)
    await api.db.transaction((tx) =>
      postEntry(tx, { userId: user.id, amountCents: cents, move: 'credit', kind: 'adjustment' }),
    );
  return { user, token: await api.login(user.name, TEST_PASSWORD) };
}

export async function signedInAdmin(api: TestApi): Promise<SignedIn> {
  const user = await api.factory.superAdmin();
  return { user, token: await api.login(user.name, TEST_PASSWORD) };
}

export const balanceOf = (api: TestApi, userId: number) => walletBalance(api.db, userId);

/** Every test file ends with the whole ledger balanced. */
export async function expectLedgerBalanced(api: TestApi): Promise<void> {
  const report = await checkInvariant(api.db);
  expect(report.violations).toEqual([]);
}

let keySeq = 0;
export const idemKey = () => ({ 'idempotency-key': `test-key-${process.pid}-${Date.now()}-${++keySeq}` });

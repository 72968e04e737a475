import type { UserListResult } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/client';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { postEntry } from '../wallet/ledger';
import { memberIdsByBalance } from './by-balance';
import { users } from './members.schema';

let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  // Members with money (two of them tied), with a wallet emptied again, and without a wallet.
  const members = await api.factory.chain(9);
  const cents = [500, 0, 120, 500, 0, 99_999, 1, 0, 120, 7];
  for (const [i, member] of members.entries()) {
    if (cents[i]! > 0)
      await postEntry(api.db, {
        userId: member.id,
        amountCents: cents[i]!,
        move: 'credit',
        kind: 'recharge',
      });
  }
  await postEntry(api.db, { userId: members[1]!.id, amountCents: 300, move: 'credit', kind: 'recharge' });
  await postEntry(api.db, { userId: members[1]!.id, amountCents: 300, move: 'debit', kind: 'transfer_out' });
});
afterAll(() => api.close());

/** The order the list promises, counted the slow way: every member sorted by balance (0 without a wallet), then id. */
async function expected(direction: 'asc' | 'desc', where = sql`true`): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    api.db,
    sql`select u.id from users u left join wallets w on w.user_id = u.id
        where u.is_admin = false and ${where}
        order by coalesce(w.available_cents, 0) ${sql.raw(direction)}, u.id ${sql.raw(direction)}`,
  );
  return rows.map((r) => Number(r.id));
}

describe('the member list by balance', () => {
  for (const direction of ['desc', 'asc'] as const)
    it(`pages members with money and without (${direction}) exactly as sorting them all would`, async () => {
      const all = await expected(direction);
      expect(all.length).toBe(10);
      for (const pageSize of [1, 3, 4, 50]) {
        const paged: number[] = [];
        for (let offset = 0; offset < all.length + pageSize; offset += pageSize)
          paged.push(
            ...(await memberIdsByBalance(api.db, eq(users.isAdmin, false), direction, offset, pageSize)),
          );
        expect(paged, `pageSize ${pageSize}`).toEqual(all);
      }
      // A filter on the members applies to both parts.
      const filtered = await expected(direction, sql`u.id % 2 = 0`);
      const page = await memberIdsByBalance(
        api.db,
        sql`${users.isAdmin} = false and ${users.id} % 2 = 0`,
        direction,
        0,
        100,
      );
      expect(page).toEqual(filtered);
    });

  it('is what GET /api/users/list answers sorted by balance, with the balances shown', async () => {
    const all = await expected('desc');
    const res = await api.get<UserListResult>('/api/users/list', {
      token: admin,
      query: { sort: 'balance', order: 'descend', page: 2, pageSize: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((u) => u.id)).toEqual(all.slice(3, 6));
    expect(res.body.data.meta.total).toBe(all.length);
    const balances = res.body.data.list.map((u) => Number(u.balance));
    expect([...balances].sort((a, b) => b - a)).toEqual(balances);
  });
});

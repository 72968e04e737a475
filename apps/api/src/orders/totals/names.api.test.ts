import { type OrderFilter, orderListBody } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCaller } from '../../access/caller';
import { users } from '../../members/members.schema';
import type { AccountCaller } from '../../platform/caller';
import { TestApi } from '../../test/test-app';
import { SalesFixtures, surfaced } from '../orders.fixtures';
import { orderPageAndTotals, type TotalsConfig } from '.';

/**
 * A broad name search (more matching buyers than nameBuyersUpTo): its page is the same as when every match
 * is counted, and its totals are exact up to countUpTo orders, "at least countUpTo" beyond. Few buyers and
 * orders stand for many through lowered limits.
 */

let api: TestApi;
let admin: AccountCaller;

const page = (filter: Record<string, unknown>, limits: Partial<TotalsConfig>) =>
  orderPageAndTotals(api.db, admin, orderListBody.parse({ pageSize: 20, ...filter }) as OrderFilter, {
    ...limits,
    onScopeError: surfaced,
  });
const ids = (res: Awaited<ReturnType<typeof page>>) => res.list.map((o) => o.order_no);
/** Every buyer counted exactly, whatever the search. */
const exact = { nameBuyersUpTo: 1_000, countUpTo: 1_000 };

beforeAll(async () => {
  api = await TestApi.start();
  const sales = new SalesFixtures(api.db);
  const f = api.factory;
  const buyers = [];
  for (let i = 0; i < 6; i++) buyers.push(await f.member({ name: `ns_chan_${i}`, displayName: `Chan ${i}` }));
  buyers.push(await f.member({ name: 'ns_wong', displayName: 'Wong' }));
  admin = (await loadCaller(api.db, (await f.superAdmin()).id))!;
  for (let i = 0; i < 100; i++)
    await sales.order({
      platform_order_no: `NS-${i}`,
      user_no: buyers[i % buyers.length]!.userNo,
      completed_at: `2026-05-${String(10 + (i % 9)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z`,
      amount: `${20 + i}.50`,
      sales_point: i,
      referer_user_no: i % 3 ? undefined : buyers[6]!.userNo,
    });
});

afterAll(async () => {
  await api?.close();
});

describe('a broad name search', () => {
  const searches: Record<string, unknown>[] = [
    { name: 'chan' },
    { name: 'chan', page: 3 },
    { name: 'chan', sort: 'amount', order: 'asc' },
    { name: 'chan', sort: 'referer', order: 'asc', page: 2 },
    { name: 'chan', sort: 'referer', order: 'desc', page: 3 },
    { name: 'chan', date_from: '2026-05-12', date_to: '2026-05-14' },
  ];

  it('reads the same pages as a search counted exactly', async () => {
    for (const search of searches) {
      const broad = await page(search, { nameBuyersUpTo: 2, countUpTo: 30 });
      expect(broad.list.length, JSON.stringify(search)).toBeGreaterThan(0);
      expect(ids(broad), JSON.stringify(search)).toEqual(ids(await page(search, exact)));
    }
  });

  it('counts exactly up to countUpTo orders, and says "at least" beyond, without sums', async () => {
    const all = await page({ name: 'chan' }, exact);
    expect(all.meta.total).toBe(86);
    expect(all.meta.totalAtLeast).toBeUndefined();
    expect((await page({ name: 'chan' }, { nameBuyersUpTo: 2, countUpTo: 86 })).meta).toEqual(all.meta);
    expect((await page({ name: 'chan' }, { nameBuyersUpTo: 2, countUpTo: 85 })).meta).toEqual({
      total: 85,
      page: 1,
      pageSize: 20,
      totalAtLeast: true,
      totalAmount: null,
      totalSalesPoint: null,
      done: null,
      refunded: null,
    });
    // Few buyers are counted exactly whatever the number of orders.
    expect((await page({ name: 'chan' }, { nameBuyersUpTo: 6, countUpTo: 1 })).meta).toEqual(all.meta);
  });

  it('matches names as they are now, whatever the case of the name or of the search', async () => {
    for (const limits of [exact, { nameBuyersUpTo: 2, countUpTo: 1_000 }]) {
      const shouted = await page({ name: 'CHAN' }, limits);
      expect(shouted.meta.total).toBe(86);
      expect(ids(shouted)).toEqual(ids(await page({ name: 'cHaN' }, limits)));
    }
    await api.db.update(users).set({ displayName: 'Chan Wong' }).where(eq(users.name, 'ns_wong'));
    try {
      expect((await page({ name: 'chan' }, exact)).meta.total).toBe(100);
      expect((await page({ name: 'chan wong' }, exact)).meta.total).toBe(14);
    } finally {
      await api.db.update(users).set({ displayName: 'Wong' }).where(eq(users.name, 'ns_wong'));
    }
    expect((await page({ name: 'chan wong' }, exact)).meta.total).toBe(0);
  });
});

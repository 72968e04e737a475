import {
  type CurrentUser,
  DEFAULT_BUSINESS_TIME_ZONE,
  type LoginResult,
  type MeProfile,
  monthStartIn,
  type OrderListMeta,
  type OrderView,
  translate,
  type UserReport,
  type Workplace,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthEdges } from '../../members/tallies';
import { SalesFixtures } from '../../orders/orders.fixtures';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { auditLogs } from '../audit/audit.schema';
import { systemCaller } from '../caller';
import { AppError } from '../http/errors';
import { xlsxRows } from '../xlsx/test-files';
import { businessTimeZone, setBusinessTimeZone } from './business-time';

type Page = { list: OrderView[]; meta: OrderListMeta };

let api: TestApi;
let sales: SalesFixtures;
let admin: string;
const actor = systemCaller('business-time test');

/** A Hong Kong half hour past midnight of 1 November: 31 October in UTC. */
const HK_FIRST_OF_NOVEMBER = '2026-10-31T16:30:00Z';

beforeAll(async () => {
  api = await TestApi.start();
  sales = new SalesFixtures(api.db);
  admin = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  const buyer = await api.factory.member({ createdAt: new Date(HK_FIRST_OF_NOVEMBER) });
  const provider = await sales.provider();
  await sales.order({
    platform_order_no: 'PO-HK-1',
    user_no: buyer.userNo,
    provider_no: provider.providerNo,
    completed_at: HK_FIRST_OF_NOVEMBER,
  });
});
afterAll(() => api.close());

/** Runs `check` with the business time zone set to `zone`, then puts back a new database's. */
async function inZone(zone: string, check: () => Promise<void>) {
  await setBusinessTimeZone(api.db, zone, actor);
  try {
    await check();
  } finally {
    await setBusinessTimeZone(api.db, DEFAULT_BUSINESS_TIME_ZONE, actor);
  }
}

const orderNos = async (filter: Record<string, unknown>) => {
  const res = await api.post<Page>('/api/orders/list', { pageSize: 50, ...filter }, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list.map((o) => o.platform_order_no);
};

const workplace = async (token = admin) =>
  Object.fromEntries(
    (await api.get<Workplace>('/api/dashboard/workplace', { token })).body.data.figures.map((f) => [
      f.key,
      f.value,
    ]),
  );

describe('the business time zone', () => {
  it('is Hong Kong time for a new database', async () => {
    expect(await businessTimeZone(api.db, { fresh: true })).toBe('Asia/Hong_Kong');
  });

  it('makes a bare date of the orders filters a day of its own', async () => {
    expect(await orderNos({ date_from: '2026-11-01' })).toEqual(['PO-HK-1']);
    expect(await orderNos({ date_from: '2026-11-01', date_to: '2026-11-01' })).toEqual(['PO-HK-1']);
    expect(await orderNos({ date_to: '2026-10-31' })).toEqual([]);
    // A date-time with its offset is exact, whatever the zone.
    expect(await orderNos({ date_from: '2026-10-31T16:30:00.001Z' })).toEqual([]);
    expect(await orderNos({ date_to: '2026-11-01T00:31:00+08:00' })).toEqual(['PO-HK-1']);
    await inZone('UTC', async () => {
      expect(await orderNos({ date_from: '2026-11-01' })).toEqual([]);
      expect(await orderNos({ date_to: '2026-10-31' })).toEqual(['PO-HK-1']);
    });
  });

  it('makes the monthly transfer table and the member report count its days and months', async () => {
    // The providers' rows of the monthly transfer table (under its header).
    const transfer = async (month: string) =>
      (await xlsxRows((await api.post('/api/orders/export-gim-to-raymond', { month }, { token: admin })).raw))
        .length - 1;
    const report = async (period: 'day' | 'month', start: string, end: string) =>
      (
        await api.get<UserReport>('/api/users/report', { token: admin, query: { start, end, period } })
      ).body.data.rows
        .filter((r) => r.total > 0)
        .map((r) => [r.period, r.total]);
    expect(await report('day', '2026-10-30', '2026-11-02')).toEqual([['2026-11-01', 1]]);
    expect(await report('month', '2026-10-01', '2026-11-30')).toEqual([['2026-11', 1]]);
    expect(await report('day', '2026-10-31', '2026-10-31')).toEqual([]);
    await inZone('UTC', async () => {
      expect(await report('day', '2026-10-30', '2026-11-02')).toEqual([['2026-10-31', 1]]);
      expect(await report('month', '2026-10-01', '2026-11-30')).toEqual([['2026-10', 1]]);
    });
    // The transfer table of November (Hong Kong) has the order's provider; October's has none.
    expect([await transfer('2026-11'), await transfer('2026-10')]).toEqual([1, 0]);
    await inZone('UTC', async () => {
      expect([await transfer('2026-11'), await transfer('2026-10')]).toEqual([0, 1]);
    });
  });

  it('makes the dashboard’s "this month" its month, around a month start that is not UTC’s', async () => {
    const start = monthStartIn(new Date(), 'Asia/Hong_Kong');
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const utcFigures = async () => {
      let figures: Record<string, unknown> = {};
      await inZone('UTC', async () => {
        figures = await workplace();
      });
      return figures;
    };
    const [before, utcBefore] = [await workplace(), await utcFigures()];
    // Half an hour after and before the Hong Kong month began: both on the last day of UTC's previous month.
    const buyer = await api.factory.member({ createdAt: at(30) });
    await api.factory.member({ createdAt: at(-30) });
    await sales.order({
      platform_order_no: 'PO-HK-IN',
      user_no: buyer.userNo,
      completed_at: at(30).toISOString(),
    });
    await sales.order({
      platform_order_no: 'PO-HK-OUT',
      user_no: buyer.userNo,
      completed_at: at(-30).toISOString(),
    });
    const [now, utcNow] = [await workplace(), await utcFigures()];
    expect(now.totalMembers).toBe(Number(before.totalMembers) + 2);
    expect(now.newMembersThisMonth).toBe(Number(before.newMembersThisMonth) + 1);
    expect(now.salesOrdersThisMonth).toBe(Number(before.salesOrdersThisMonth) + 1);
    expect(utcNow.newMembersThisMonth).toBe(utcBefore.newMembersThisMonth);
    expect(utcNow.salesOrdersThisMonth).toBe(utcBefore.salesOrdersThisMonth);
  });

  it('counts a month of a zone behind UTC from the tallies too, taking off the hours before its start', async () => {
    await inZone('America/New_York', async () => {
      const start = monthStartIn(new Date(), 'America/New_York');
      expect(monthEdges('America/New_York').start).toEqual(start);
      const before = await workplace();
      await api.factory.member({ createdAt: new Date(start.getTime() - 60_000) });
      await api.factory.member({ createdAt: new Date(start.getTime() + 60_000) });
      expect((await workplace()).newMembersThisMonth).toBe(Number(before.newMembersThisMonth) + 1);
    });
  });

  it('refuses a name that is no time zone (400, translated), and audits a change', async () => {
    const refused = await setBusinessTimeZone(api.db, 'Mars/Olympus', actor).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 400, key: 'validation.timeZone' });
    expect(translate((refused as AppError).key, 'zh-HK')).toBe('必須為時區名稱，例如 Asia/Hong_Kong');
    expect(await businessTimeZone(api.db, { fresh: true })).toBe('Asia/Hong_Kong');

    const audited = () =>
      api.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'business_settings'), eq(auditLogs.ip, 'audit check')));
    await setBusinessTimeZone(api.db, 'Europe/London', systemCaller('audit check'));
    await setBusinessTimeZone(api.db, 'Europe/London', systemCaller('audit check'));
    await setBusinessTimeZone(api.db, 'Asia/Hong_Kong', systemCaller('audit check'));
    expect((await audited()).map((r) => [r.action, r.before, r.after])).toEqual([
      ['update', { timeZone: 'Asia/Hong_Kong' }, { timeZone: 'Europe/London' }],
      ['update', { timeZone: 'Europe/London' }, { timeZone: 'Asia/Hong_Kong' }],
    ]);
  });

  it('is told to the web app with the signed-in user (sign-in, /api/user/info, /api/me)', async () => {
    const member = await api.factory.member();
    const login = await api.post<LoginResult>('/api/login', {
      account: member.name,
      password: TEST_PASSWORD,
    });
    expect(login.body.data.user.business_time_zone).toBe('Asia/Hong_Kong');
    const token = login.body.data.access_token;
    expect((await api.get<CurrentUser>('/api/user/info', { token })).body.data.business_time_zone).toBe(
      'Asia/Hong_Kong',
    );
    expect((await api.get<MeProfile>('/api/me', { token })).body.data.business_time_zone).toBe(
      'Asia/Hong_Kong',
    );
    await inZone('America/New_York', async () => {
      expect((await api.get<MeProfile>('/api/me', { token })).body.data.business_time_zone).toBe(
        'America/New_York',
      );
    });
  });
});

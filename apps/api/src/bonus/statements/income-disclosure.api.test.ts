import { BonusKey, type IncomeDisclosure, Perm } from '@app/contracts';
import { inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelHistory, type UserRow, users } from '../../members/members.schema';
import { setBusinessTimeZone } from '../../platform/business-time/business-time';
import { systemCaller } from '../../platform/caller';
import { TEST_PASSWORD } from '../../test/factory';
import { TestApi } from '../../test/test-app';
import { expectLedgerBalanced } from '../../wallet/wallet-fixtures';
import { bonusPayouts } from '../bonus.schema';
import type { Payout } from '../engine/types';
import { payBonuses } from '../payouts';

/**
 * A hand-computed population for 2025 (business time zone Asia/Hong_Kong), earnings in cents:
 * level 1: a 0 (held 4.00 apart), b 1000 (a forfeited 9.00 left out), c 2000, d 3000 (a reversed 5.00 left out);
 * level 2: e 10000 (99.00 on 2025-12-31 + 1.00 on 2025-01-01; 50.00 on 2026-01-01 is next year's), f 0,
 *          g 5000 (level 3 now, level 2 at the end of 2025 by the level history);
 * h registered in 2026 (not counted). percentile_cont interpolates at p × (n − 1).
 */
let api: TestApi;
let adminToken: string;
const people: Record<string, UserRow> = {};

const payout = (
  user: string,
  period: string,
  cents: number,
  typeKey: number = BonusKey.referral,
): Payout => ({
  userId: people[user]!.id,
  typeKey,
  period,
  orderId: null,
  baseSp: 0,
  ratioBp: null,
  cents,
});

beforeAll(async () => {
  api = await TestApi.start();
  await setBusinessTimeZone(api.db, 'Asia/Hong_Kong', systemCaller());
  const admin = await api.factory.superAdmin();
  adminToken = await api.login(admin.name, TEST_PASSWORD);
  const levelOf: Record<string, number> = { a: 1, b: 1, c: 1, d: 1, e: 2, f: 2, g: 3, h: 1 };
  for (const [name, levelId] of Object.entries(levelOf))
    people[name] = await api.factory.member({ name: `disc_${name}_${Date.now()}`, levelId });
  const registered = Object.values(people)
    .filter((p) => p !== people.h)
    .map((p) => p.id);
  await api.db
    .update(users)
    .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
    .where(inArray(users.id, registered));
  await api.db.insert(levelHistory).values([
    { userId: people.g!.id, levelId: 2, remark: 'upgrade', createdAt: new Date('2025-03-01T00:00:00Z') },
    { userId: people.g!.id, levelId: 3, remark: 'upgrade', createdAt: new Date('2026-02-01T00:00:00Z') },
  ]);
  await api.db.transaction((tx) =>
    payBonuses(
      tx,
      [
        payout('b', '2025-03-03', 1000),
        payout('c', '2025-04-04', 1500),
        payout('c', '2025-06', 500, BonusKey.groupSales),
        payout('d', '2025-05-05', 3000),
        payout('d', '2025-05-06', 500),
        payout('e', '2025-12-31', 9900),
        payout('e', '2025-01-01', 100, BonusKey.groupSales),
        payout('e', '2026-01-01', 5000),
        payout('g', '2025-07-07', 5000),
      ],
      { runId: null },
    ),
  );
  // d's 5.00 was reversed (its order refunded): the payout stands no more.
  await api.db
    .update(bonusPayouts)
    .set({ reversedAt: new Date('2025-05-20T00:00:00Z') })
    .where(sql`${bonusPayouts.userId} = ${people.d!.id} and ${bonusPayouts.cents} = 500`);
  await api.db.insert(bonusPayouts).values([
    { userId: people.a!.id, typeKey: 1, period: '2025-08-08', day: '2025-08-08', cents: 400, status: 'held' },
    {
      userId: people.b!.id,
      typeKey: 1,
      period: '2025-08-09',
      day: '2025-08-09',
      cents: 900,
      status: 'forfeited',
    },
  ]);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

const disclosure = (
  token: string,
  query: Record<string, string | number>,
  locale?: 'en-US' | 'zh-HK' | 'zh-CN',
) => api.get<IncomeDisclosure>('/api/bonus/income-disclosure', { token, query, locale });

describe('GET /api/bonus/income-disclosure', () => {
  it('computes members, earners, mean, median and percentiles per level at the year end, and overall', async () => {
    const res = await disclosure(adminToken, { year: '2025' });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect([d.year, d.time_zone, d.partial]).toEqual([2025, 'Asia/Hong_Kong', false]);
    const [one, two, three, four] = d.rows;
    expect(one).toEqual({
      level_id: 1,
      level_name: expect.any(String),
      members: 4,
      earners: 3,
      earners_share: '75.00',
      total: '60.00',
      mean: '15.00',
      mean_of_earners: '20.00',
      median: '15.00',
      p10: '3.00',
      p25: '7.50',
      p75: '22.50',
      p90: '27.00',
      p99: '29.70',
      max: '30.00',
      held_members: 1,
      held: '4.00',
    });
    expect(two).toMatchObject({
      level_id: 2,
      members: 3,
      earners: 2,
      earners_share: '66.67',
      total: '150.00',
      mean: '50.00',
      mean_of_earners: '75.00',
      median: '50.00',
      p10: '10.00',
      p25: '25.00',
      p75: '75.00',
      p90: '90.00',
      p99: '99.00',
      max: '100.00',
      held_members: 0,
      held: '0.00',
    });
    for (const empty of [three, four])
      expect(empty).toMatchObject({
        members: 0,
        earners: 0,
        earners_share: '0.00',
        total: '0.00',
        median: '0.00',
      });
    expect(d.overall).toEqual({
      level_id: null,
      level_name: null,
      members: 7,
      earners: 5,
      earners_share: '71.43',
      total: '210.00',
      mean: '30.00',
      mean_of_earners: '42.00',
      median: '20.00',
      p10: '0.00',
      p25: '5.00',
      p75: '40.00',
      p90: '70.00',
      p99: '97.00',
      max: '100.00',
      held_members: 1,
      held: '4.00',
    });
  });

  it('names levels in the reader’s language and counts the year so far for the current year', async () => {
    const zh = (await disclosure(adminToken, { year: '2025' }, 'zh-CN')).body.data;
    expect(zh.rows[0]!.level_name).not.toBe(
      (await disclosure(adminToken, { year: '2025' })).body.data.rows[0]!.level_name,
    );
    const now = (await disclosure(adminToken, { year: '2026' })).body.data;
    expect(now.partial).toBe(true);
    // Everyone is a member in 2026 (h too); e's 50.00 of 2026-01-01 is 2026's.
    expect([now.overall.members, now.overall.earners, now.overall.total]).toEqual([8, 1, '50.00']);
  });

  it('refuses a malformed year and a year not begun, translated', async () => {
    const bad = await disclosure(adminToken, { year: '25' }, 'zh-HK');
    expect([bad.status, bad.body.msg]).toEqual([422, 'year: 請以 YYYY 格式輸入年份']);
    const future = await disclosure(adminToken, { year: '2099' }, 'en-US');
    expect([future.status, future.body.msg]).toEqual([400, 'This year has not begun yet']);
  });

  it('is for administrators holding the member report permission only', async () => {
    const member = await api.factory.member();
    expect((await disclosure(await api.login(member.name, TEST_PASSWORD), { year: '2025' })).status).toBe(
      403,
    );
    const role = (perm: number) =>
      api.post<{ id: number }>(
        '/api/permission/roles',
        { name: `Disclosure ${perm}`, permission_ids: [perm] },
        { token: adminToken },
      );
    const lister = await api.factory.admin({ roleIds: [(await role(Perm.userList)).body.data.id] });
    expect((await disclosure(await api.login(lister.name, TEST_PASSWORD), { year: '2025' })).status).toBe(
      403,
    );
    const reporter = await api.factory.admin({ roleIds: [(await role(Perm.userReport)).body.data.id] });
    expect((await disclosure(await api.login(reporter.name, TEST_PASSWORD), { year: '2025' })).status).toBe(
      200,
    );
    // The members made here registered in 2026: 2025's figures are unchanged.
    expect((await disclosure(adminToken, { year: '2025' })).body.data.overall.members).toBe(7);
  });

  it('exports a real .xlsx: a row per level and every member, then how it is computed', async () => {
    const res = await api.get('/api/bonus/income-disclosure', {
      token: adminToken,
      query: { year: '2025', export: 1 },
    });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toBe(
      'attachment; filename="income-disclosure-2025.xlsx"',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Income disclosure', 'Summary']);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]!.slice(0, 6)).toEqual([
      'Level',
      'Members',
      'Members who earned',
      'Share who earned (%)',
      'Total earnings',
      'Mean',
    ]);
    expect(rows).toHaveLength(6);
    expect(rows[5]).toEqual(['All members', 7, 5, 71.43, 210, 30, 42, 0, 5, 20, 40, 70, 97, 100, 1, 4]);
    const notes: unknown[][] = [];
    book.worksheets[1]!.eachRow((row) => notes.push((row.values as unknown[]).slice(1)));
    expect(notes[1]).toEqual(['Year', 2025]);
    expect(String(notes.at(-1)![0])).toContain('percentile_cont');
  });
});

import type { UserReport } from '@app/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';

let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await TestApi.start();
  const root = await api.factory.superAdmin();
  admin = await api.login(root.name, TEST_PASSWORD);
  const at = (day: string) => new Date(`${day}T10:00:00Z`);
  await api.factory.member({ createdAt: at('2026-03-01'), levelId: 1 });
  await api.factory.member({ createdAt: at('2026-03-01'), levelId: 2 });
  await api.factory.member({ createdAt: at('2026-03-03'), levelId: 2 });
  await api.factory.member({ createdAt: at('2026-04-15'), levelId: 4 });
  await api.factory.member({ createdAt: at('2025-12-31'), levelId: 4 });
});
afterAll(() => api.close());

describe('GET /api/users/report', () => {
  it('counts new members per day and level in the range, with totals and all members today', async () => {
    const res = await api.get<UserReport>('/api/users/report', {
      token: admin,
      query: { start: '2026-03-01', end: '2026-03-03', period: 'day' },
    });
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.rows).toEqual([
      { period: '2026-03-01', total: 2, by_level: { 1: 1, 2: 1 } },
      { period: '2026-03-02', total: 0, by_level: {} },
      { period: '2026-03-03', total: 1, by_level: { 2: 1 } },
    ]);
    expect(r.totals).toEqual({ total: 3, by_level: { 1: 1, 2: 2 } });
    expect(r.members.total).toBe(5);
    expect(r.levels.map((l) => l.name)).toEqual(['Pathfinder', 'Pioneer', 'Special', 'Life-time Scholar']);
  });

  it('groups by month and exports the same figures as .xlsx in the caller’s language', async () => {
    const query = { start: '2026-02-10', end: '2026-04-20', period: 'month' };
    const json = await api.get<UserReport>('/api/users/report', { token: admin, query });
    expect(json.body.data.rows.map((r) => [r.period, r.total])).toEqual([
      ['2026-02', 0],
      ['2026-03', 3],
      ['2026-04', 1],
    ]);
    const file = await api.get('/api/users/report', {
      token: admin,
      locale: 'zh-HK',
      query: { ...query, export: 'true' },
    });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw as unknown as ArrayBuffer);
    const values = book.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual(['期間', '探路者', '先鋒', '特別會員', '終身學者', '合計']);
    expect(values[2]).toEqual(['2026-03', 1, 2, 0, 0, 3]);
    expect(values[4]).toEqual(['合計', 1, 2, 0, 1, 4]);
  });

  it('refuses a reversed range and bad dates naming the field, and non-admins', async () => {
    const reversed = await api.get<{ errors: { field: string; message: string }[] }>('/api/users/report', {
      token: admin,
      query: { start: '2026-05-01', end: '2026-04-01' },
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.data.errors).toEqual([{ field: 'end', message: 'please select time' }]);
    const bad = await api.get('/api/users/report', {
      token: admin,
      query: { start: 'yesterday', end: '2026-01-01' },
    });
    expect(bad.status).toBe(422);
    const member = await api.factory.member();
    const denied = await api.get('/api/users/report', {
      token: await api.login(member.name, TEST_PASSWORD),
      query: { start: '2026-01-01', end: '2026-01-02' },
    });
    expect(denied.status).toBe(403);
  });
});

import {
  DEFAULT_BUSINESS_TIME_ZONE,
  dayIn,
  formatDateTime,
  type JobStarted,
  type WalletInvariantResult,
  type WalletRecordList,
  type WalletSummary,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFile } from '../platform/jobs/test-jobs';
import { TestApi } from '../test/test-app';
import { postEntry } from './ledger';
import { expectLedgerBalanced, fundedMember, type SignedIn, signedInAdmin } from './wallet-fixtures';

let api: TestApi;
let admin: SignedIn;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await signedInAdmin(api);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

describe('GET /api/wallet/{id} and /record', () => {
  it('shows a member their balance, frozen amount and records, ten to a page', async () => {
    const m = await fundedMember(api, 10_050);
    const bob = await fundedMember(api, 0);
    for (let i = 0; i < 11; i++)
      await api.post(
        '/api/wallet/sendTransfer',
        { user_no: bob.user.userNo, amount: '0.01' },
        { token: m.token },
      );
    await api.post(
      '/api/wallet/create-withdraw-record',
      { amount: '20', bank_card_number: '123', bank_code: 'BOC', bank_name: 'Bank of China' },
      { token: m.token },
    );
    const wallet = await api.get<WalletSummary>(`/api/wallet/${m.user.id}`, { token: m.token });
    expect(wallet.body.data).toEqual({ user_id: m.user.id, total: '80.39', freezeTotal: '20.00' });
    const page1 = await api.get<WalletRecordList>(`/api/wallet/${m.user.id}/record`, { token: m.token });
    expect(page1.body.data.meta).toMatchObject({ total: 13, page: 1, pageSize: 10 });
    expect(page1.body.data.list[0]).toMatchObject({
      kind: 'withdraw_freeze',
      action: 2,
      status: 0,
      amount: '20.00',
      balance_after: '80.39',
      frozen_after: '20.00',
    });
    const page2 = await api.get<WalletRecordList>(`/api/wallet/${m.user.id}/record`, {
      token: m.token,
      query: { page: 2 },
    });
    expect(page2.body.data.list).toHaveLength(3);
  });

  it('answers 403 when a member asks for someone else’s wallet; admins may look', async () => {
    const a = await fundedMember(api, 100);
    const b = await fundedMember(api, 100);
    expect((await api.get(`/api/wallet/${b.user.id}`, { token: a.token })).status).toBe(403);
    expect((await api.get(`/api/wallet/${b.user.id}/record`, { token: a.token })).status).toBe(403);
    const byAdmin = await api.get<WalletSummary>(`/api/wallet/${b.user.id}`, { token: admin.token });
    expect(byAdmin.body.data.total).toBe('1.00');
    expect((await api.get('/api/wallet/recordList', { token: a.token })).status).toBe(403);
    expect((await api.get('/api/wallet/admin/invariant', { token: a.token })).status).toBe(403);
  });

  it('checks its caller like every route: a lost permission or a disabled account is refused on the next read', async () => {
    const m = await fundedMember(api, 100);
    const read = () => api.get<WalletSummary>(`/api/wallet/${m.user.id}`, { token: m.token });
    expect((await read()).body.data.total).toBe('1.00');
    await api.db.execute(sql`update users set status = 2 where id = ${m.user.id}`);
    expect((await read()).body.code).toBe(50012);
    await api.db.execute(sql`update users set status = 1 where id = ${m.user.id}`);
    await api.db.execute(sql`delete from user_roles where user_id = ${m.user.id}`);
    expect((await read()).status).toBe(403);
  });

  it('shows zeros for a member never credited', async () => {
    const m = await fundedMember(api, 0);
    const res = await api.get<WalletSummary>(`/api/wallet/${m.user.id}`, { token: m.token });
    expect(res.body.data).toMatchObject({ total: '0.00', freezeTotal: '0.00' });
  });
});

describe('GET /api/wallet/recordList (admin)', () => {
  it('filters by member, kind, action and dates, with totals over all matches', async () => {
    const m = await fundedMember(api, 0);
    for (const [cents, type] of [
      [1_000, 1],
      [2_500, 2],
      [300, 1],
    ] as const)
      await api.db.transaction((tx) =>
        postEntry(tx, {
          userId: m.user.id,
          amountCents: cents,
          move: 'credit',
          kind: 'bonus',
          bonusType: type,
        }),
      );
    await api.db.transaction((tx) =>
      postEntry(tx, {
        userId: m.user.id,
        amountCents: 200,
        move: 'debit',
        kind: 'bonus_reversal',
        bonusType: 1,
      }),
    );
    const all = await api.get<WalletRecordList>('/api/wallet/recordList', {
      token: admin.token,
      query: { user_id: m.user.id, pageSize: 2 },
    });
    expect(all.body.data.meta).toMatchObject({
      total: 4,
      pageSize: 2,
      totalAdd: '38.00',
      totalReduce: '2.00',
    });
    expect(all.body.data.list).toHaveLength(2);
    const type1 = await api.get<WalletRecordList>('/api/wallet/recordList', {
      token: admin.token,
      query: { keyword: m.user.userNo, kind: 'bonus', bonus_type: 1 },
    });
    expect(type1.body.data.list.map((r) => r.amount)).toEqual(['3.00', '10.00']);
    const byName = await api.get<WalletRecordList>('/api/wallet/recordList', {
      token: admin.token,
      query: {
        keyword: m.user.name.slice(1).toUpperCase(),
        user_id: m.user.id,
        kind: 'bonus',
        bonus_type: 1,
      },
    });
    expect(byName.body.data.list.map((r) => r.amount)).toEqual(['3.00', '10.00']);
    const reduces = await api.get<WalletRecordList>('/api/wallet/recordList', {
      token: admin.token,
      query: { user_id: m.user.id, action: 2 },
    });
    expect(reduces.body.data.meta).toMatchObject({ total: 1, totalAdd: '0.00', totalReduce: '2.00' });
    // start_date and end_date are days of the business time zone (a new database's: Hong Kong).
    const today = dayIn(new Date(), DEFAULT_BUSINESS_TIME_ZONE);
    const dated = await api.get<WalletRecordList>('/api/wallet/recordList', {
      token: admin.token,
      query: { user_id: m.user.id, start_date: today, end_date: today },
    });
    expect(dated.body.data.meta.total).toBe(4);
    const past = await api.get<WalletRecordList>('/api/wallet/recordList', {
      token: admin.token,
      query: { user_id: m.user.id, end_date: '2020-01-01' },
    });
    expect(past.body.data.meta.total).toBe(0);
    const bad = await api.get('/api/wallet/recordList', { token: admin.token, query: { kind: 'lottery' } });
    expect(bad.status).toBe(422);
  });

  it('exports the filtered records as an .xlsx job in the requester’s language and time zone', async () => {
    const m = await fundedMember(api, 0);
    await api.db.transaction((tx) =>
      postEntry(tx, {
        userId: m.user.id,
        amountCents: 123_456_78,
        move: 'credit',
        kind: 'adjustment',
        remark: '=HYPERLINK("x")',
      }),
    );
    const [record] = (
      await api.get<WalletRecordList>('/api/wallet/recordList', {
        token: admin.token,
        query: { user_id: m.user.id },
      })
    ).body.data.list;
    const exported = async (headers: Record<string, string>) => {
      const res = await api.get<JobStarted>('/api/wallet/recordList', {
        token: admin.token,
        query: { user_id: m.user.id, export: 1 },
        headers,
      });
      expect(res.status).toBe(200);
      // The export runs as a job: its link reports progress, then serves the file.
      const { job, file } = await jobFile(api, res.body.data, admin.token);
      expect(job).toMatchObject({ status: 'done', processed: 1, total: 1 });
      expect(String(file.headers['content-type'])).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.raw as never);
      const sheet = book.worksheets[0]!;
      const header = sheet.getRow(1).values as string[];
      const cell = (title: string) => sheet.getRow(2).getCell(header.indexOf(title));
      expect(sheet.rowCount).toBe(2);
      return cell;
    };

    const en = await exported({});
    expect(en('Amount').value).toBe(123456.78);
    expect(en('Amount').numFmt).toBe('#,##0.00');
    expect(en('Type').value).toBe('Adjustment');
    expect(en('Action').value).toBe('Add');
    expect(en('Status').value).toBe('Complete');
    expect(en('Time').value).toBe(formatDateTime(record!.created_at, 'UTC'));
    expect(en('Remark').value).toBe(`'=HYPERLINK("x")`);

    const hk = await exported({ locale: 'zh-HK', 'time-zone': 'Asia/Hong_Kong' });
    expect(hk('金額').value).toBe(123456.78);
    expect(hk('類型').value).toBe('調整');
    expect(hk('動作').value).toBe('增加');
    expect(hk('狀態').value).toBe('已完成');
    expect(hk('時間').value).toBe(formatDateTime(record!.created_at, 'Asia/Hong_Kong'));
    expect(hk('時間').value).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  });

  it('the invariant endpoint reports a balanced ledger', async () => {
    const res = await api.get<WalletInvariantResult>('/api/wallet/admin/invariant', { token: admin.token });
    expect(res.body.data).toMatchObject({ ok: true, violations: [] });
    expect(res.body.data.wallets).toBeGreaterThan(0);
  });

  it('the invariant endpoint reports a wallet tampered with in SQL (ok: false), and only that one', async () => {
    const m = await fundedMember(api, 1_000);
    const shift = (cents: number) =>
      api.db.execute(
        sql`update wallets set available_cents = available_cents + ${cents} where user_id = ${m.user.id}`,
      );
    await shift(1);
    try {
      const res = await api.get<WalletInvariantResult>('/api/wallet/admin/invariant', {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.ok).toBe(false);
      expect(res.body.data.violations).toEqual([
        expect.objectContaining({
          userId: m.user.id,
          availableCents: 1_001,
          frozenCents: 0,
          completeSumCents: 1_000,
        }),
      ]);
    } finally {
      await shift(-1);
    }
    const healed = await api.get<WalletInvariantResult>('/api/wallet/admin/invariant', {
      token: admin.token,
    });
    expect(healed.body.data.ok).toBe(true);
  });
});

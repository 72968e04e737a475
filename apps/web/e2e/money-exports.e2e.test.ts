import { readFileSync } from 'node:fs';
import {
  formatDateTime,
  type Locale,
  type MessageKey,
  type RechargeItem,
  type TransferItem,
  translate,
} from '@app/contracts';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMessages } from '../src/platform/platform.messages';
import { DEMO, Harness } from './harness';
import { ApiAs, credit, demoMember, MEMBER_PASSWORD, pickFilter } from './wallet-helpers';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** A button's name as antd renders it: a space between two Chinese characters. */
const named = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);
/** Each locale with the viewer's time zone: the export's times are in the zone of the browser that asked. */
const READERS = [
  { locale: 'en-US', timeZone: 'America/New_York' },
  { locale: 'zh-CN', timeZone: 'Asia/Shanghai' },
] as const satisfies ReadonlyArray<{ locale: Locale; timeZone: string }>;

/** Clicks the list's Export button and answers the downloaded workbook's rows (the header first), as text. */
async function exportedRows(page: Page, locale: Locale, fileName: string): Promise<string[][]> {
  const downloaded = page.waitForEvent('download', { timeout: 60_000 });
  await page
    .getByRole('main')
    .getByRole('button', { name: named(platformMessages[locale]['platform.export']) })
    .click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(fileName);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  // Cell by cell: an empty cell (a remark left blank) reads as '' where the row's values would leave a hole.
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const value = row.getCell(c).value;
      cells.push(value === null || value === undefined ? '' : String(value));
    }
    rows.push(cells);
  });
  return rows;
}

const money = (amount: string) => String(Number(amount));

describe('list exports hold exactly the filtered rows, translated, in the viewer zone', () => {
  for (const [i, { locale, timeZone }] of READERS.entries()) {
    const t = (key: MessageKey) => translate(key, locale);

    it(`recharges: an administrator filters by member and status, then exports (${locale})`, async () => {
      const page = await harness.newPage({ locale, timezoneId: timeZone });
      await harness.login(page, ...DEMO.admin);
      const adminApi = await ApiAs.admin(page);
      const { me } = await demoMember(page, `m026${i}`);
      await credit(adminApi, me.id, '12.34');
      await credit(adminApi, me.id, '5.60');
      // Left out by the status filter: one pending, one rejected.
      await adminApi.post('/api/recharge/create', { user_id: me.id, amount: '7.00' });
      const { id: rejected } = await adminApi.post<{ id: number }>('/api/recharge/create', {
        user_id: me.id,
        amount: '8.00',
      });
      await adminApi.post(`/api/recharge/reject/${rejected}`);
      const completed = (
        await adminApi.get<{ list: RechargeItem[] }>('/api/recharge/list', {
          user_id: me.id,
          status: 2,
          pageSize: 100,
        })
      ).list;
      expect(completed.length).toBeGreaterThanOrEqual(2);
      expect(completed.every((r) => r.status === 2)).toBe(true);

      await page.goto('/recharge');
      await pickFilter(page, 'user_id', `(${me.user_no})`, me.user_no);
      await expect.poll(() => new URL(page.url()).searchParams.get('user_id')).toBe(String(me.id));
      await pickFilter(page, 'status', t('walletUi.recharge.2'));
      await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('2');
      await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(completed.length);

      const rows = await exportedRows(page, locale, 'recharges.xlsx');
      expect(rows[0]).toEqual(
        (
          [
            'walletUi.id',
            'walletUi.member',
            'walletUi.memberId',
            'walletUi.amount',
            'walletUi.points',
            'walletUi.remark',
            'walletUi.status',
            'walletUi.time',
          ] as const
        ).map(t),
      );
      expect(rows.slice(1)).toEqual(
        completed.map((r) => [
          String(r.id),
          r.user.name,
          r.user.user_no,
          money(r.amount),
          String(r.points ?? ''),
          r.remark ?? '',
          t('walletUi.recharge.2'),
          formatDateTime(r.created_at, timeZone),
        ]),
      );
    });

    it(`transfers: a member keeps those sent, then exports (${locale})`, async () => {
      const page = await harness.newPage({ locale, timezoneId: timeZone });
      const account = `m027${i}`;
      await harness.login(page, account, MEMBER_PASSWORD);
      const adminApi = await ApiAs.admin(page);
      const { api, me } = await demoMember(page, account);
      const other = await demoMember(page, `m028${i}`);
      await credit(adminApi, me.id, '40.00');
      await credit(adminApi, other.me.id, '40.00');
      await api.post('/api/wallet/sendTransfer', {
        user_no: other.me.user_no,
        amount: '2.50',
        remark: 'lunch',
      });
      await api.post('/api/wallet/sendTransfer', { user_no: other.me.user_no, amount: '3.75' });
      // Left out by the direction filter: one received.
      await other.api.post('/api/wallet/sendTransfer', { user_no: me.user_no, amount: '1.25' });
      const sent = (
        await api.get<{ list: TransferItem[] }>('/api/wallet/transferList', {
          direction: 'out',
          pageSize: 100,
        })
      ).list;
      expect(sent.length).toBeGreaterThanOrEqual(2);
      expect(sent.every((r) => r.direction === 'out' && r.from_user.id === me.id)).toBe(true);

      await page.goto('/transfer');
      const sentLabel = locale === 'en-US' ? 'Sent' : '转出';
      await pickFilter(page, 'direction', sentLabel);
      await expect.poll(() => new URL(page.url()).searchParams.get('direction')).toBe('out');
      await expect
        .poll(async () => {
          const tags = await page.locator('tr.ant-table-row .ant-tag').allInnerTexts();
          return tags.length > 0 && tags.every((tag) => tag === sentLabel);
        })
        .toBe(true);

      const rows = await exportedRows(page, locale, 'transfers.xlsx');
      expect(rows[0]).toEqual(
        (
          [
            'walletUi.id',
            'walletUi.time',
            'statement.direction',
            'walletUi.from',
            'walletUi.to',
            'walletUi.amount',
            'walletUi.remark',
          ] as const
        ).map(t),
      );
      const person = (u: TransferItem['from_user']) => `${u.name} (${u.user_no})`;
      expect(rows.slice(1)).toEqual(
        sent.map((r) => [
          String(r.id),
          formatDateTime(r.created_at, timeZone),
          t('statement.direction.out'),
          person(r.from_user),
          person(r.to_user),
          money(r.amount),
          r.remark ?? '',
        ]),
      );
      expect(rows.slice(1).map((r) => r[5])).toEqual(expect.arrayContaining(['2.5', '3.75']));
    });
  }
});

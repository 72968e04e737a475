import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';
import { openSelectDropdown } from './wallet-helpers';

let harness: Harness;
let admin: Page;
beforeAll(async () => {
  harness = await Harness.start();
  admin = await harness.newPage();
  await harness.login(admin, ...DEMO.admin);
});
afterAll(() => harness?.close());

const totals = (page: Page) => page.getByTestId('orders-totals').innerText();
const amounts = async (page: Page) =>
  (await page.locator('tbody tr.ant-table-row td.orders-amount').allInnerTexts()).map((t) =>
    Number(t.replace(/,/g, '')),
  );

describe('orders screen', () => {
  it('filters, sorts with footer totals, and exports the filtered set', async () => {
    await admin.goto('/orders/orders');
    await admin.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await totals(admin)).toMatch(
      /Done sales \(net of refunds\): [\d,]+ orders? · [\d,]+\.\d\d · [\d,]+ sales points/,
    );
    const allTotals = await totals(admin);

    await admin.getByLabel('Order type').click();
    await admin.getByTitle('AI Character Profiling Package').click();
    await admin.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => totals(admin)).not.toBe(allTotals);
    const products = await admin.locator('tbody tr.ant-table-row td:nth-child(6)').allInnerTexts();
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) expect(p).toMatch(/^AI character profile/);

    const sortedBy = async (direction: 'asc' | 'desc') => {
      const header = admin.getByRole('columnheader', { name: 'Amount' });
      await header.click();
      // The sort shows on the header as the new page is asked for; the rows are the new ones once it is in.
      await expect.poll(() => header.getAttribute('aria-sort')).toBe(`${direction}ending`);
      await admin.locator('.ant-table .ant-spin-spinning').waitFor({ state: 'detached' });
      await expect
        .poll(async () => {
          const values = await amounts(admin);
          const ordered = values.every(
            (v, i) => i === 0 || (direction === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v),
          );
          return values.length > 1 && ordered;
        })
        .toBe(true);
      return (await amounts(admin))[0]!;
    };
    const cheapest = await sortedBy('asc');
    expect(await sortedBy('desc')).toBeGreaterThan(cheapest);

    // The export runs as a job: a dialog shows its progress, then the file downloads by itself.
    const downloaded = admin.waitForEvent('download', { timeout: 60_000 });
    await admin.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Exporting orders.xlsx' });
    await dialog.getByTestId('job-progress').locator('.ant-progress').waitFor();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('orders.xlsx');
    const done = dialog.getByText(/[\d,]+ rows exported; the download has started\./);
    await done.waitFor();
    await dialog.locator('.ant-progress-status-success').waitFor();
    const exportedRows = Number(/([\d,]+) rows/.exec(await done.innerText())![1]!.replace(/,/g, ''));
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = sheet.getRow(1).values as string[];
    const sourceColumn = header.indexOf('Order type');
    const types = new Set<string>();
    sheet.eachRow((row, n) => n > 1 && types.add(String(row.getCell(sourceColumn).value)));
    expect([...types]).toEqual(['AI Character Profiling Package']);
    expect(sheet.rowCount - 1).toBe(
      Number(
        /([\d,]+)/.exec(await admin.locator('.ant-pagination-total-text').innerText())![1]!.replace(/,/g, ''),
      ),
    );
    expect(exportedRows).toBe(sheet.rowCount - 1);
  });

  it('opens the order detail with profit and rebates', async () => {
    await admin.locator('tbody tr.ant-table-row td:first-child a').first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('Platform profit').waitFor();
    await dialog.getByText('Supplier rebate').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('insists on a MemberId for referral sales', async () => {
    harness.expectFailedLoads('/api/orders/list', 422); // the server's refusal below
    await admin.getByRole('switch', { name: 'Referral sales' }).click();
    await admin.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await admin.getByText('member_id: must fill GlobalId').waitFor();
  });

  it('keeps the filters in the URL: a filtered list survives a reload and comes back with back and forward', async () => {
    await admin.goto('/orders/orders');
    await admin.locator('tbody tr.ant-table-row').first().waitFor();
    const allTotals = await totals(admin);
    const orderType = admin.locator('.ant-form-item').filter({ hasText: 'Order type' });

    await admin.getByLabel('Order type').click();
    await admin.getByTitle('AI Character Profiling Package').click();
    await admin.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => new URL(admin.url()).searchParams.get('source_type')).toBe('3');
    await expect.poll(() => totals(admin)).not.toBe(allTotals);
    const filteredTotals = await totals(admin);
    const filteredUrl = admin.url();

    // A reload (or the link opened elsewhere) shows the same filtered list, the filter in its field.
    await admin.reload();
    await expect.poll(() => totals(admin)).toBe(filteredTotals);
    await orderType.getByText('AI Character Profiling Package').waitFor();

    // Reset is a new history entry: back restores the filtered list, forward the whole one.
    await admin.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => new URL(admin.url()).search).toBe('');
    await expect.poll(() => totals(admin)).toBe(allTotals);
    await admin.goBack();
    await expect.poll(() => admin.url()).toBe(filteredUrl);
    await expect.poll(() => totals(admin)).toBe(filteredTotals);
    await orderType.getByText('AI Character Profiling Package').waitFor();
    await admin.goForward();
    await expect.poll(() => totals(admin)).toBe(allTotals);
    await expect.poll(() => orderType.getByText('AI Character Profiling Package').count()).toBe(0);
  });
});

describe('orders states and layout', () => {
  const stateFilter = async (label: string) => {
    await admin.getByLabel('Status', { exact: true }).click();
    await openSelectDropdown(admin).getByTitle(label, { exact: true }).click();
    await admin.getByRole('main').getByRole('button', { name: 'Search' }).click();
  };
  const states = () => admin.locator('tbody tr.ant-table-row [data-state]').allInnerTexts();

  it("shows each order's state, filters on it, and marks the refunded original of the demo refund", async () => {
    await admin.goto('/orders/orders');
    await admin.locator('tbody tr.ant-table-row').first().waitFor();
    expect(new Set(await states())).toContain('Done');

    await stateFilter('Refunded');
    await expect.poll(() => new URL(admin.url()).searchParams.get('state')).toBe('refunded');
    await expect.poll(states).toEqual(['Refunded']);
    await expect
      .poll(() => totals(admin))
      .toMatch(/Done sales \(net of refunds\): 0 orders · 0\.00 · 0 sales points\s+Refunded: 1 order ·/);

    await stateFilter('Refund row');
    await expect.poll(states).toEqual(['Refund row']);
    // A refund row adds to no sum: the footer counts done and refunded sales only.
    await expect
      .poll(() => totals(admin))
      .toMatch(/: 0 orders · 0\.00 · 0 sales points\s+Refunded: 0 orders/);
    await admin.locator('tbody tr.ant-table-row td:first-child a').first().click();
    const dialog = admin.getByRole('dialog', { name: 'Order detail' });
    await dialog.locator('[data-state="refund"]').waitFor();
    await dialog.getByText('RF20260001').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('answers an unknown refund number "Data not found" instead of downloading an empty file', async () => {
    await admin.getByRole('button', { name: 'Export refund table' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Export refund table' });
    await dialog.getByLabel('Refund number').fill('RF-UNKNOWN');
    harness.expectFailedLoads('/api/orders/export-refund', 404); // the server's answer below
    await dialog.getByRole('button', { name: 'OK' }).click();
    await admin.locator('.ant-message').getByText('Data not found').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('at 1280 px keeps amounts on one line and scrolls to the last column, the order id fixed', async () => {
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.goto('/orders/orders');
    await admin.locator('tbody tr.ant-table-row').first().waitFor();
    // An inline element has one client rectangle per line it spans.
    const lines = await admin
      .locator('tbody tr.ant-table-row td.orders-amount .ant-typography')
      .evaluateAll((amounts) => amounts.map((a) => a.getClientRects().length));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((n) => n === 1)).toBe(true);

    const scroller = admin.locator('.ant-table-content, .ant-table-body').first();
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    const last = admin.getByRole('columnheader', { name: 'Order complete time' });
    const inView = async () => {
      const box = (await last.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 1280;
    };
    expect(await inView()).toBe(false);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(inView).toBe(true);
    const firstId = admin.locator('tbody tr.ant-table-row td:first-child').first();
    const idBox = (await firstId.boundingBox())!;
    expect(idBox.x).toBeGreaterThanOrEqual(0);
    expect(await firstId.innerText()).toMatch(/^SO\d+$/);
    await admin.setViewportSize({ width: 1366, height: 850 });
  });
});

describe('provider settings', () => {
  it('refuses an invalid provider with field errors, then creates it', async () => {
    await admin.goto('/provider/provider');
    await admin.getByRole('button', { name: 'Add provider' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Ocean Academy');
    await dialog.getByLabel('Proportion (%)').fill('150');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Proportion must be a number from 0 to 100').waitFor();
    await dialog.getByText('email format incorrect').waitFor();
    await dialog.getByLabel('Proportion (%)').fill('12.5');
    await dialog.getByLabel('Email').fill('hello@ocean.test');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = admin.getByRole('row').filter({ hasText: 'Ocean Academy' });
    await row.getByText('12.50%').waitFor();
  });

  it('imports a sheet as a job: progress dialog, partial result and the error file of the failed rows', async () => {
    await admin.goto('/provider/provider');
    const csv = Buffer.from(
      'provider_no,name,proportion,phone,email,status,referrer_user_no\n' +
        ',River Institute,8,,river@institute.test,1,\n' +
        ',,5,,bad-email,1,\n',
    );
    await admin
      .locator('input[type=file][accept=".xlsx,.csv"]')
      .setInputFiles({ name: 'providers.csv', mimeType: 'text/csv', buffer: csv });
    const dialog = admin.getByRole('dialog', { name: 'Importing providers.csv' });
    await dialog.getByText('1 of 2 rows imported').waitFor();
    await dialog.getByText('Import successful but some rows failed, download error file').waitFor();
    const [errors] = await Promise.all([
      admin.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download error file' }).click(),
    ]);
    expect(errors.suggestedFilename()).toBe('provider-errors.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await errors.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(8).value).toBe(
      'name: This field is required; email: email format incorrect',
    );
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByRole('row').filter({ hasText: 'River Institute' }).getByText('8.00%').waitFor();
  });
});

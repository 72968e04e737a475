import { readFileSync } from 'node:fs';
import { type AuditView, MAX_PAGE_SIZE, type Paged } from '@app/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';
import { ApiAs, credit, demoMember, openSelectDropdown, pickOption } from './wallet-helpers';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

const menuItems = (page: Page) =>
  page
    .getByRole('menuitem')
    .allInnerTexts()
    .then((texts) => texts.map((t) => t.trim()));

describe('roles, permissions and administrators', () => {
  it('a super admin creates a role and an administrator who then sees only that role’s menu', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.getByRole('menuitem', { name: 'Administrators' }).click();
    await page.waitForURL(/\/permission\/admins$/);
    await page.getByRole('cell', { name: 'operator@demo.local' }).waitFor();

    // The roles page is hidden from the menu: reached through the link on the administrators page.
    await page.getByRole('link', { name: 'Roles' }).click();
    await page.waitForURL(/\/permission\/role$/);
    await page.getByRole('button', { name: 'Add role' }).click();
    const roleDialog = page.getByRole('dialog');
    await roleDialog.getByLabel('Role name').fill('Order desk');
    await roleDialog.getByRole('checkbox', { name: 'Dashboard' }).check();
    await roleDialog.getByRole('checkbox', { name: 'Orders' }).check();
    await roleDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('added successfully').waitFor();
    await roleDialog.waitFor({ state: 'hidden' });
    const roleRow = page.getByRole('row', { name: /Order desk/ });
    expect(await roleRow.locator('.ant-tag').allTextContents()).toEqual(['Dashboard', 'Orders']);

    await page.getByRole('link', { name: 'Administrators' }).click();
    await page.waitForURL(/\/permission\/admins$/);
    await page.getByRole('button', { name: 'Add administrator' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('operator');
    await dialog.getByLabel('Mobile phone').fill('85261234567');
    await dialog.getByLabel('Account (email)').fill('desk@demo.local');
    await dialog.getByRole('checkbox', { name: 'Order desk' }).check();
    await dialog.getByLabel('Password', { exact: true }).fill('desk123');
    await dialog.getByLabel('Confirm password').fill('desk124');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Passwords do not match').waitFor();

    // Fixed on the client, the server still refuses the taken username under its field.
    harness.expectFailedLoads('/api/permission/admins', 422);
    await dialog.getByLabel('Confirm password').fill('desk123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('.ant-form-item-explain-error', { hasText: 'Username already exists' }).waitFor();
    // Gone (antd removes a fixed field's error after its leave animation; waitFor fails if it stays).
    await dialog.getByText('Passwords do not match').waitFor({ state: 'detached' });

    await dialog.getByLabel('Username').fill('desk_clerk');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: 'desk@demo.local' }).waitFor();
    expect(await page.getByRole('row', { name: /desk_clerk/ }).textContent()).toContain('Order desk');
    await page.getByRole('button', { name: 'Change log' }).click();
    const logRow = page.locator('.ant-drawer').getByRole('row', { name: /desk_clerk/ });
    expect(await logRow.textContent()).toMatch(/adminAdministrator.*CreatedAdministrator #\d+ desk_clerk/);

    const clerk = await harness.newPage();
    await harness.login(clerk, 'desk_clerk', 'desk123');
    expect(await menuItems(clerk)).toEqual(['Dashboard', 'Orders']);
    await clerk.goto('/permission/admins');
    await clerk.getByText('you are not allowed to open this page').waitFor();
  });

  it('disabling an administrator asks first and ends their session', async () => {
    const operator = await harness.newPage();
    await harness.login(operator, ...DEMO.operator);

    const page = await harness.newPage({ locale: 'zh-HK' });
    await harness.login(page, ...DEMO.admin);
    await page.goto('/permission/admins');
    await page.getByPlaceholder('按關鍵字搜索').fill('operator');
    await page.getByPlaceholder('按關鍵字搜索').press('Enter');
    // the unfiltered list shows the operator too: wait for the search to narrow it
    await expect.poll(() => page.getByRole('row').count()).toBe(2); // header + operator
    await page.getByRole('row', { name: /operator@demo\.local/ }).waitFor();
    await page.getByRole('switch', { name: '狀態 operator' }).click();
    await page.getByText('停用「operator」？').waitFor();
    await page.getByRole('button', { name: /^確\s?定$/ }).click(); // antd spaces two-character labels
    await page.getByText('操作成功').waitFor();
    await expect
      .poll(() => page.getByRole('switch', { name: '狀態 operator' }).getAttribute('aria-checked'))
      .toBe('false');

    harness.expectFailedLoads('/api/', 401); // the operator's calls once their session ended
    await operator.reload();
    await operator.waitForURL(/\/login\?redirect=%2Fdashboard%2Fworkplace$/);
  });
});

describe('the operation log', () => {
  it('finds a member’s bank-detail change by record type, showing who, from where and the masked number', async () => {
    const page = await harness.newPage();
    const member = await ApiAs.login(page, ...DEMO.member);
    await member.call('POST', '/api/me', {
      bank_account_name: 'Demo Member',
      bank_account_no: '8888 7777 4321',
    });
    await harness.login(page, ...DEMO.admin);
    await page.goto('/permission/admins');
    await page.getByRole('link', { name: 'Operation log' }).click();
    await page.waitForURL(/\/permission\/audit$/);
    await pickOption(page, 'Record type', 'Bank details');
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: /Bank details #/ });
    await row.waitFor();
    expect(await page.getByRole('row').count()).toBe(2); // header + the one change
    const text = await row.textContent();
    expect(text).toMatch(/memberMember127\.0\.0\.1EditedBank details #\d+/);
    expect(text).toContain('bankAccountNo: - → "****4321"');
    expect(text).not.toContain('8888');
  });

  it('the administrator exports the filtered log: the downloaded file holds the rows the filters select', async () => {
    const page = await harness.newPage();
    const admin = await ApiAs.admin(page);
    const { me } = await demoMember(page, 'm0240');
    const ids = [await credit(admin, me.id, '11.00'), await credit(admin, me.id, '12.00')];
    const selected = await admin.get<Paged<AuditView>>('/api/permission/audit', {
      entity: 'recharge',
      action: 'complete',
    });
    expect(selected.meta.total).toBeGreaterThanOrEqual(2);
    await harness.login(page, ...DEMO.admin);
    await page.goto('/permission/audit');
    // The lists are long (virtual): typed to bring the option into view.
    for (const [label, option] of [
      ['Record type', 'Recharge'],
      ['Action', 'Completed'],
    ] as const) {
      await page.getByRole('combobox', { name: label, exact: true }).fill(option);
      await openSelectDropdown(page).locator(`.ant-select-item-option[title="${option}"]`).click();
    }
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('row', { name: /Recharge #/ })
      .first()
      .waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Recharge #/ }).count()).toBe(selected.meta.total);

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('operation-log.xlsx');
    const dialog = page.getByRole('dialog', { name: /^Exporting operation-log/ });
    await dialog
      .getByText(`${selected.meta.total.toLocaleString('en-US')} rows exported; the download has started.`)
      .waitFor();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount - 1).toBe(selected.meta.total);
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    // Columns: id, time, operator, operator type, from, browser, action, record type, record id, changes.
    expect(new Set(rows.map((r) => `${r[7]} / ${r[8]}`))).toEqual(new Set(['Completed / Recharge']));
    expect(rows.map((r) => String(r[9]))).toEqual(expect.arrayContaining(ids.map(String)));
  });

  it('the administrator form offers every role, past the first page of the role list', async () => {
    await harness.database.db.execute(
      sql`insert into roles (name, description) select 'Bulk role ' || g, 'e2e' from generate_series(1, ${MAX_PAGE_SIZE}) g`,
    );
    await harness.database.db.execute(sql`insert into roles (name, description) values ('Last desk', 'e2e')`);
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.goto('/permission/admins');
    await page.getByRole('button', { name: 'Add administrator' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Last desk' }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: /^Bulk role \d+$/ }).count()).toBe(MAX_PAGE_SIZE);
  });
});

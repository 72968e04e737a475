import type { OrderView } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from './api-as';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

describe('user detail (admin)', () => {
  it('opens a member from the list, edits the phone, and opens one of their orders', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const orders = await apiAs<{ list: OrderView[] }>(page, 'POST', '/api/orders/list', { pageSize: 50 });
    const buyer = orders.list.find((o) => o.user.name !== DEMO.member[0])!.user;
    const bought = await apiAs<{ meta: { total: number } }>(page, 'POST', '/api/orders/list', {
      user_id: buyer.id,
    });

    await page.getByRole('menuitem', { name: 'Member List' }).click();
    await page.getByPlaceholder('Name, display name, email, phone or member ID').fill(buyer.user_no);
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: buyer.user_no });
    await row.getByText(buyer.name, { exact: true }).click();
    const detail = page.getByRole('dialog').filter({ hasText: 'Member info' });
    const info = detail.locator('.ant-card').filter({ hasText: 'Member info' });
    await info.getByText(buyer.user_no, { exact: true }).waitFor();

    // The user edit modal: name and email are read-only; the new phone shows in the detail and the list.
    await info.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Edit member' });
    expect(await form.getByLabel('Username').isDisabled()).toBe(true);
    await form.getByLabel('Mobile phone').fill('85291234567');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Edit Successful').first().waitFor();
    await form.waitFor({ state: 'detached' });
    await info.getByText('85291234567', { exact: true }).waitFor();
    await row.getByText('85291234567', { exact: true }).waitFor();

    // The member's orders, paged; an order number opens the order detail dialog.
    const section = detail.locator('.ant-card', {
      has: page.locator('.ant-card-head-title', { hasText: /^Orders$/ }),
    });
    await expect
      .poll(() => section.locator('.ant-pagination').innerText())
      .toContain(`${bought.meta.total} items`);
    const link = section.locator('tr.ant-table-row').first().locator('a').first();
    const orderNo = await link.innerText();
    await link.click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Order detail' });
    await dialog.getByRole('cell', { name: orderNo, exact: true }).waitFor();
    expect(await dialog.innerText()).toContain(buyer.name);
  });

  it('adds a channel provider with the member preset as referrer, then edits it', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const [member] = (
      await apiAs<{ list: { id: number; user_no: string }[] }>(page, 'GET', '/api/users/list?keyword=m0050')
    ).list;
    await page.goto(`/description/${member!.id}`);
    await page.getByRole('tab', { name: 'Channel providers' }).click();
    const pane = page.locator('.ant-collapse-item-active');
    await pane.getByRole('button', { name: 'Add provider' }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Add provider' });
    expect(await form.getByLabel('Referring member (MemberId)').inputValue()).toBe(member!.user_no);
    await form.getByLabel('Name').fill('Browser Academy');
    await form.getByLabel('Proportion (%)').fill('12.5');
    await form.getByLabel('Email').fill('browser.academy@demo.local');
    await form.getByRole('button', { name: 'Save' }).click();
    const row = pane.locator('tr.ant-table-row', { hasText: 'Browser Academy' });
    await row.getByText('12.50%').waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog').filter({ hasText: 'Edit provider' });
    await edit.getByLabel('Proportion (%)').fill('15');
    await edit.getByRole('button', { name: 'Save' }).click();
    await row.getByText('15.00%').waitFor();
  });
});

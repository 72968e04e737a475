import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SalesFixtures } from '../../api/src/orders/orders.fixtures';
import { TestFactory } from '../../api/src/test/factory';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
  // One buyer, two orders half an hour apart on 31 October in New York (and in UTC): the first on Hong Kong's
  // 31 October, the second at 00:30 on Hong Kong's 1 November.
  const buyer = await new TestFactory(harness.database.db).member({ name: 'tz_buyer' });
  const sales = new SalesFixtures(harness.database.db);
  for (const [no, at] of [
    ['PO-TZ-OCT', '2026-10-31T15:30:00Z'],
    ['PO-TZ-NOV', '2026-10-31T16:30:00Z'],
  ])
    await sales.order({ platform_order_no: no!, user_no: buyer.userNo, completed_at: at });
});
afterAll(() => harness?.close());

const orderNos = (page: Page) => page.locator('tbody tr.ant-table-row').allInnerTexts();

describe('the business time zone in a browser elsewhere', () => {
  it('gives the orders screen’s "This Month" Hong Kong’s month in New York, and says so', async () => {
    const page = await harness.newPage({ timezoneId: 'America/New_York' });
    // 12:30 on 31 October in New York: already 1 November in Hong Kong.
    await page.clock.setFixedTime(new Date('2026-10-31T16:30:00Z'));
    await harness.login(page, ...DEMO.admin);
    await page.goto('/orders/orders');
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    await expect
      .poll(() => page.getByTestId('business-days-hint').innerText())
      .toContain('Dates are days in Asia/Hong_Kong');

    await page.getByLabel('Name').fill('tz_buyer');
    await page.getByLabel('Completion date').click();
    await page.locator('.ant-picker-presets').getByText('This Month', { exact: true }).click();
    const listed = page.waitForRequest(
      (r) => r.url().endsWith('/api/orders/list') && r.postDataJSON()?.name === 'tz_buyer',
    );
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    // Hong Kong's month so far: 1 November, sent as a day the server takes in the business time zone.
    expect((await listed).postDataJSON()).toMatchObject({ date_from: '2026-11-01', date_to: '2026-11-01' });
    await expect.poll(() => new URL(page.url()).searchParams.get('date_from')).toBe('2026-11-01');
    expect(new URL(page.url()).searchParams.get('date_to')).toBe('2026-11-01');
    await expect.poll(async () => (await orderNos(page)).join('\n')).toContain('PO-TZ-NOV');
    expect((await orderNos(page)).join('\n')).not.toContain('PO-TZ-OCT');
  });

  it('says nothing where the browser’s days are Hong Kong’s', async () => {
    const page = await harness.newPage({ timezoneId: 'Asia/Hong_Kong' });
    await harness.login(page, ...DEMO.admin);
    await page.goto('/orders/orders');
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await page.getByTestId('business-days-hint').count()).toBe(0);
  });
});

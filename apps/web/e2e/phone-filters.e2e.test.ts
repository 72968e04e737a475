import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';
import { PHONE } from './phone';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

describe('the orders filters on a phone', () => {
  it('fold behind a Filters button counting those set, so the list is in sight', async () => {
    const page = await harness.newPage({ viewport: PHONE });
    await harness.login(page, ...DEMO.admin);
    await page.goto('/orders/orders?subtype=credit_order&source_type=2');
    const toggle = page.getByRole('button', { name: 'Filters (2)' });
    await toggle.waitFor();
    expect(await page.getByLabel('Platform order ID').isVisible()).toBe(false);
    const table = await page.locator('.ant-table').first().boundingBox();
    expect(table!.y).toBeLessThan(PHONE.height);
    await toggle.click();
    await page.getByLabel('Platform order ID').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('stay unfolded on a desktop, without the button', async () => {
    const page = await harness.newPage({ locale: 'zh-CN' });
    await harness.login(page, ...DEMO.admin);
    await page.goto('/orders/orders');
    await page.getByLabel('平台订单编号').waitFor();
    expect(await page.getByRole('button', { name: '筛选' }).count()).toBe(0);
  });
});

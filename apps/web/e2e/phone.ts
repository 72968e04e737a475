import type { Page } from 'playwright-core';

/** An iPhone 12–15 screen: the width members reported the layout broke at. */
export const PHONE = { width: 390, height: 844 };

/** Bank details as long as members type them: a holder name of several words, a grouped account number. */
export const BANK = {
  bank_account_name: 'Chan Tai Man Trading Company Limited',
  bank_country: 'Hong Kong SAR',
  bank_account_no: '012-345-6789-0123-4567-8901',
};

/** Saves `BANK` in the signed-in member's personal center (the demo members have none). */
export async function saveBankDetails(page: Page): Promise<void> {
  await page.goto('/me');
  const bankCard = page.locator('.ant-card').filter({ hasText: 'Bank details' });
  for (const [field, value] of Object.entries(BANK)) await bankCard.locator(`#${field}`).fill(value);
  await bankCard.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Edit Successful').first().waitFor();
}

/** Waits until the page's data arrived: no request under way, no skeleton and no spinner left. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
}

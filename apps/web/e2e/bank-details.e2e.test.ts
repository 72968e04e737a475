import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';
import { PHONE } from './phone';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

const SAVED = {
  bank_account_name: 'Demo Member',
  bank_country: 'Hong Kong',
  bank_name: 'Hang Seng Bank',
  bank_code: '024',
} as const;

describe('one bank form', () => {
  it('the withdrawal asks the fields the personal center saves, prefilled from them (390 px)', async () => {
    const page = await harness.newPage({ viewport: PHONE });
    await harness.login(page, ...DEMO.member);
    await page.goto('/me');
    const bankCard = page.locator('.ant-card').filter({ hasText: 'Bank details' });
    for (const [field, value] of Object.entries(SAVED)) await bankCard.locator(`#${field}`).fill(value);
    await bankCard.locator('#bank_account_no').fill('024-123456-001');
    await bankCard.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Edit Successful').first().waitFor();

    await page.goto('/wallet');
    await page.getByText('Hang Seng Bank').waitFor();
    await page.getByRole('button', { name: 'Apply for withdrawal' }).click();
    const dialog = page.getByRole('dialog');
    for (const [field, value] of Object.entries(SAVED))
      expect(await dialog.locator(`#${field}`).inputValue()).toBe(value);
    expect(await dialog.locator('#bank_card_number').inputValue()).toBe('024-123456-001');
    expect(await dialog.getByLabel('Account holder name').count()).toBe(1);
  });
});

import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';

/** ADMIN_2FA=required (docs/product/access.md, "Two-factor sign-in"): an administrator sets it up before anything else. */
let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start({ adminTwoFactor: true });
});
afterAll(() => harness?.close());

it('takes an administrator without two-factor sign-in to its set-up first, then into the app', async () => {
  const page = await harness.newPage();
  await page.goto('/login');
  await page.locator('#account').fill(DEMO.admin[0]);
  await page.locator('#password').fill(DEMO.admin[1]);
  await page.locator('button[type=submit]').click();
  await page.getByText('Administrators must set up two-factor sign-in before they can go on.').waitFor();
  expect(await page.getByTestId('menu-button').or(page.getByRole('menu')).count()).toBe(0);

  await page.getByRole('button', { name: 'Set up' }).click();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).trim();
  const code = new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate();
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Code').press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  await dialog.getByTestId('recovery-codes').waitFor();
  await dialog.getByRole('button', { name: 'I have kept them' }).click();
  await page.getByTestId('menu-button').or(page.getByRole('menu')).first().waitFor();
});

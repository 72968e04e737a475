import { readFileSync } from 'node:fs';
import { LOCALES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meMessages } from '../src/me/me.messages';
import { DEMO, Harness } from './harness';
import { PHONE } from './phone';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

const PNG_SIGNATURE = '89504e470d0a1a0a';

describe("the member's referral link and QR code", () => {
  for (const locale of LOCALES)
    for (const path of ['/dashboard/workplace', '/me'])
      it(`on ${path} at 390 px in ${locale}: the link with the member id, copied, the QR code as a PNG`, async () => {
        const text = meMessages[locale];
        const page = await harness.newPage({ locale, viewport: PHONE });
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
        await harness.login(page, ...DEMO.member);
        await page.goto(path);
        const card = page.getByTestId('referral-card');
        await card.getByText(text['me.referral.title']).waitFor();
        const userNo = await page.evaluate(
          () => JSON.parse(localStorage.getItem('userInfo') ?? '{}').user_no,
        );
        const link = await card.getByTestId('referral-link').innerText();
        expect(new URL(link).searchParams.get('ref')).toBe(userNo);
        const box = await card.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

        await card.getByRole('button', { name: text['me.referral.copy'] }).click();
        await page.getByText(text['me.referral.copied']).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

        await card.getByRole('img', { name: text['me.referral.qrAlt'] }).waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          card.getByRole('link', { name: text['me.referral.download'] }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`referral-${userNo}.png`);
        const file = readFileSync((await download.path())!);
        expect(file.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
      });

  it('is not shown to administrators', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    await page.getByRole('heading', { level: 4 }).waitFor();
    expect(await page.getByTestId('referral-card').count()).toBe(0);
  });
});

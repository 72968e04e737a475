import { formatCount, LOCALES, type MemberProgress } from '@app/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programmesUiMessages } from '../src/programmes/programmes.messages';
import { DEMO, Harness } from './harness';
import { PHONE } from './phone';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** What the server says of the signed-in member's progress, asked with the page's own session. */
const progressOf = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/me/progress', {
      headers: {
        authorization: `Bearer ${localStorage.getItem('token')}`,
        locale: localStorage.getItem('locale') ?? 'en-US',
      },
    });
    return ((await res.json()) as { data: MemberProgress }).data;
  });

describe("a member's progress", () => {
  for (const locale of LOCALES)
    it(`shows every step with its figure and target at 390 px (${locale})`, async () => {
      const text = programmesUiMessages[locale];
      const page = await harness.newPage({ locale, viewport: PHONE });
      await harness.login(page, ...DEMO.member);
      await page.goto('/progress');
      await page.getByTestId('progress-level').waitFor();
      const progress = await progressOf(page);
      expect(await page.getByTestId('progress-level').innerText()).toContain(progress.level.name);
      for (const bonus of progress.bonuses) {
        const line = page.getByTestId(`progress-bonus-${bonus.type_key}`);
        expect(await line.innerText()).toContain(bonus.type_name);
        if (bonus.eligible && !bonus.shares)
          expect(await line.innerText()).toContain(formatCount(bonus.counted_sp, locale));
      }
      for (const condition of progress.wec?.conditions ?? []) {
        const line = page.getByTestId(`progress-wec-${condition.key}`);
        expect(await line.innerText()).toContain(
          `${formatCount(condition.current, locale)} / ${formatCount(condition.required, locale)}`,
        );
      }
      expect(await page.getByText(text['progress.title']).count()).toBeGreaterThan(0);
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    });

  it('is on the member dashboard in short, linking to the whole page', async () => {
    const page = await harness.newPage({ viewport: PHONE });
    await harness.login(page, ...DEMO.member);
    await page.getByTestId('progress-level').waitFor();
    await page.getByRole('link', { name: 'See all' }).click();
    await page.waitForURL('**/progress');
    await page.getByTestId('progress-level').waitFor();
  });
});

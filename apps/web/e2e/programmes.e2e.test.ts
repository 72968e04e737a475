import type { WecAssessmentDto } from '@app/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, Harness } from './harness';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The envelope's data of a call with the browser session's token; fails the test unless code 200. */
async function call<T>(page: Page, method: Method, url: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(method === 'GET' ? { params: data as Record<string, string> } : { data: data ?? {} }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(200);
  return body.data;
}

const CONDITION_LABELS: Record<WecAssessmentDto['conditions'][number]['key'], string> = {
  directReferrals: 'New direct referrals',
  directReferralsPioneer: 'New direct referrals at Pioneer or above',
  secondGenerationSp: 'Sales points from the 2nd generation',
  thirdGenerationSp: 'Sales points from the 3rd generation',
  directProviders: 'New directly referred channel providers',
};
const figures = (c: { current: number; required: number }) =>
  `${c.current.toLocaleString('en-US')} / ${c.required.toLocaleString('en-US')}`;

let seq = 0;
/** A member created by the admin API under a sponsor. */
async function newMember(page: Page, parentId: number, levelId: number) {
  const n = `${Date.now().toString(36)}${++seq}`;
  return call<{ id: number; user_no: string }>(page, 'PUT', '/api/users', {
    name: `m2b_${n}`,
    email: `m2b_${n}@demo.local`,
    phone: `85277${String(seq).padStart(6, '0')}`,
    password: 'member123',
    level_id: levelId,
    parent_user_id: parentId,
  });
}

/** A new Pioneer under the demo member who joined the assessment (not started). */
async function joinedPioneer(page: Page) {
  const sponsor = (
    await call<{ list: { id: number; name: string }[] }>(page, 'GET', '/api/users/list', {
      keyword: DEMO.member[0],
    })
  ).list.find((u) => u.name === DEMO.member[0])!;
  const me = await newMember(page, sponsor.id, 2);
  await call(page, 'POST', `/api/members/addWecAssessment/${me.id}`);
  return me;
}

/**
 * A Pioneer who starts the assessment now and meets every condition (docs/product/programmes.md) through the API:
 * 8 new direct referrals (5 Pioneers), 17,500 SP from the 2nd and 35,000 SP from the 3rd generation
 * (ingested orders), one new channel provider; then the admin completes it.
 */
async function completedCandidate(page: Page) {
  const me = await joinedPioneer(page);
  await call(page, 'POST', `/api/members/wec/${me.id}`);
  const directs = [];
  for (let i = 0; i < 8; i++) directs.push(await newMember(page, me.id, i < 5 ? 2 : 1));
  const second = await newMember(page, directs[0]!.id, 1);
  const third = await newMember(page, second.id, 1);
  for (const [buyer, sp] of [
    [second, 17_500],
    [third, 35_000],
  ] as const)
    await call(page, 'POST', '/api/orders/ingest', {
      platform_order_no: `M2B-${buyer.user_no}`,
      source_type: 2,
      user_no: buyer.user_no,
      product_name: 'Assessment course',
      amount: '100.00',
      sales_point: sp,
    });
  await call(page, 'POST', '/api/provider/add', {
    name: `M2B academy ${me.user_no}`,
    proportion: '0',
    email: `academy.${me.user_no}@demo.local`,
    referrer_user_no: me.user_no,
  });
  await call(page, 'POST', '/api/members/addWepComplete', { id: me.id });
  return me;
}

describe('programmes (admin)', () => {
  it('the M2B list shows the members who completed the assessment, as the API lists them', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const me = await completedCandidate(page);
    const api = await call<{ list: WecAssessmentDto[]; meta: { total: number } }>(
      page,
      'GET',
      '/api/members/completeWec/list',
    );
    expect(api.list.map((a) => a.user.id)).toContain(me.id);

    await page.goto('/m2b/m2b');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(api.list.length);
    for (const a of api.list) {
      const row = rows.filter({ hasText: a.user.user_no });
      await row.getByText('Completed', { exact: true }).waitFor();
      const done = a.conditions.filter((c) => c.completed).length;
      await row.getByRole('cell', { name: `${done} / ${a.conditions.length}`, exact: true }).waitFor();
    }
    const mine = rows.filter({ hasText: me.user_no });
    await mine.getByRole('cell', { name: '5 / 5', exact: true }).waitFor();
    // The view link opens the member's assessment, every condition completed.
    await mine.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(`**/user/wep/${me.id}`);
    await page.locator('.ant-descriptions').getByText('Completed', { exact: true }).waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody').getByText('Not completed').count()).toBe(0);
  });

  it('an assessment not started yet shows no days left', async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const me = await joinedPioneer(page);
    await page.goto(`/user/wep/${me.id}`);
    await page.locator('.ant-descriptions').getByText('Joined, not started', { exact: true }).waitFor();
    expect(await page.getByTestId('days-left').innerText()).toBe('Not started');
  });

  it("a member's assessment page shows the five conditions with their progress, as the API answers", async () => {
    const page = await harness.newPage();
    await harness.login(page, ...DEMO.admin);
    const running = await call<{ list: WecAssessmentDto[] }>(page, 'GET', '/api/members/list', {
      status: 'running',
    });
    const target = running.list[0]!;
    const api = await call<WecAssessmentDto>(page, 'GET', `/api/members/wec/${target.user.id}`);
    expect(api.conditions).toHaveLength(5);

    await page.goto(`/user/wep/${target.user.id}`);
    const summary = page.locator('.ant-descriptions');
    await summary.getByText(`${api.user.name} (${api.user.user_no})`).waitFor();
    await summary.getByText('In assessment', { exact: true }).waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(5);
    for (const c of api.conditions) {
      const row = rows.filter({
        has: page.getByRole('cell', { name: CONDITION_LABELS[c.key], exact: true }),
      });
      await row.waitFor();
      await expect.poll(() => row.getByTestId(`cond-${c.key}`).innerText()).toBe(figures(c));
      await row.getByText(c.completed ? 'Completed' : 'Not completed', { exact: true }).waitFor();
    }
    // An unfinished condition's bar is in the theme colour (#165DFF), not antd's own blue.
    const unfinished = api.conditions.find((c) => !c.completed)!;
    const bar = rows.filter({ has: page.getByTestId(`cond-${unfinished.key}`) }).locator('.ant-progress');
    const colours = await bar.evaluate((el) =>
      [...el.querySelectorAll('*')].map((n) => getComputedStyle(n).backgroundColor),
    );
    expect(colours).toContain('rgb(22, 93, 255)');
  });
});

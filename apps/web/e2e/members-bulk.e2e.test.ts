import { type Locale, translate, type UserListItem, type UserListResult } from '@app/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersUiMessages } from '../src/members/members.messages';
import { platformMessages } from '../src/platform/platform.messages';
import { DEMO, Harness } from './harness';
import { ApiAs, openPopconfirm } from './wallet-helpers';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

/** A button's name as antd renders it: a space between two Chinese characters. */
const named = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);
/** The member list's row by its id (antd's row key), not the result dialog's row of the same id. */
const row = (page: Page, id: number) =>
  page.getByRole('main').locator(`tr.ant-table-row[data-row-key="${id}"]`);

/** Three new members named `<prefix>a`, `b`, `c` under a demo member, as the list finds them. */
async function newMembers(admin: ApiAs, prefix: string): Promise<UserListItem[]> {
  const [sponsor] = (await admin.get<UserListResult>('/api/users/list', { keyword: 'm0290' })).list;
  // Phones are unique among members: each run takes its own.
  const phone = `8526${String(Date.now()).slice(-6)}`;
  for (const [i, suffix] of ['a', 'b', 'c'].entries())
    await admin.put('/api/users', {
      name: `${prefix}${suffix}`,
      email: `${prefix}${suffix}@example.com`,
      password: 'Bulk-pass-2026',
      phone: `${phone}${i}`,
      level_id: sponsor!.level_id,
      parent_user_id: sponsor!.id,
    });
  const { list } = await admin.get<UserListResult>('/api/users/list', { keyword: prefix, pageSize: 10 });
  expect(list.map((u) => u.name).sort()).toEqual(['a', 'b', 'c'].map((s) => `${prefix}${s}`));
  return list.sort((x, y) => x.name.localeCompare(y.name));
}

describe('member list: bulk enable and disable', () => {
  const bulkRun = (locale: Locale) =>
    it(`disables the selected members, reports the one refused and why, then enables them (${locale})`, async () => {
      const page = await harness.newPage({ locale });
      await harness.login(page, ...DEMO.admin);
      const admin = await ApiAs.admin(page);
      const prefix = `bulk${locale.replace('-', '').toLowerCase()}${Date.now() % 100_000}`;
      const [a, b, gone] = await newMembers(admin, prefix);
      const ui = (key: string) => (membersUiMessages[locale] as Record<string, string>)[key]!;
      const web = (key: string) => (platformMessages[locale] as Record<string, string>)[key]!;
      const labels = [translate('members.ui.enabled', locale), translate('members.ui.disabled', locale)];
      /** The status column's tag of the member's row. */
      const status = async (id: number) =>
        (await row(page, id).locator('.ant-tag').allInnerTexts())
          .filter((tag) => labels.includes(tag))
          .join();

      await page.goto(`/user?keyword=${prefix}`);
      for (const u of [a!, b!, gone!]) {
        await row(page, u.id).waitFor();
        expect(await status(u.id)).toBe(translate('members.ui.enabled', locale));
        await row(page, u.id).locator('input[type=checkbox]').check();
      }
      const bar = page.getByTestId('bulk-bar');
      await bar.getByText(web('platform.bulk.selected').replace('{count}', '3')).waitFor();
      // Deleted after it was selected: the bulk action refuses it as the single action would, and does the others.
      await admin.delete(`/api/users/${gone!.id}`);

      const apply = async (action: string, count: number, done: number, refused: number) => {
        await bar.getByRole('button', { name: named(ui(action)) }).click();
        const confirm = openPopconfirm(page).filter({
          hasText: web('platform.bulk.confirm')
            .replace('{count}', String(count))
            .replace('{action}', ui(action)),
        });
        await confirm.getByRole('button', { name: named(web('platform.ok')) }).click();
        const summary = page.getByTestId('bulk-summary');
        await summary.waitFor();
        expect(await summary.innerText()).toBe(
          web('platform.bulk.summary').replace('{done}', String(done)).replace('{refused}', String(refused)),
        );
        const dialog = page.locator('.ant-modal').filter({ has: summary });
        const results = (await dialog.locator('tr.ant-table-row').allInnerTexts()).map((r) =>
          r.split('\t').map((cell) => cell.trim()),
        );
        await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
        await summary.waitFor({ state: 'hidden' });
        return results;
      };

      const disabled = await apply('members.ui.disable', 3, 2, 1);
      const doneText = [web('platform.bulk.done'), translate('common.operationSuccessful', locale)];
      expect(disabled).toEqual([
        [`#${a!.id}`, ...doneText],
        [`#${b!.id}`, ...doneText],
        [`#${gone!.id}`, web('platform.bulk.refused'), translate('access.userNotFound', locale)],
      ]);
      // The list reloads: the two show as disabled, the deleted one is gone, nothing stays selected.
      await expect.poll(() => status(a!.id)).toBe(translate('members.ui.disabled', locale));
      await expect.poll(() => status(b!.id)).toBe(translate('members.ui.disabled', locale));
      await row(page, gone!.id).waitFor({ state: 'detached' });
      await bar.getByText(web('platform.bulk.selected').replace('{count}', '0')).waitFor();

      for (const u of [a!, b!]) await row(page, u.id).locator('input[type=checkbox]').check();
      const enabled = await apply('members.ui.enable', 2, 2, 0);
      expect(enabled).toEqual([
        [`#${a!.id}`, ...doneText],
        [`#${b!.id}`, ...doneText],
      ]);
      await expect.poll(() => status(a!.id)).toBe(translate('members.ui.enabled', locale));
      await expect.poll(() => status(b!.id)).toBe(translate('members.ui.enabled', locale));
      const after = await admin.get<UserListResult>('/api/users/list', { keyword: prefix });
      expect(after.list.map((u) => [u.id, u.status])).toEqual(
        expect.arrayContaining([
          [a!.id, 1],
          [b!.id, 1],
        ]),
      );
      expect(after.list).toHaveLength(2);
    });
  bulkRun('en-US');
  bulkRun('zh-HK');
});

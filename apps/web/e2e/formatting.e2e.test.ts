import { formatDateTime, type WalletRecordList } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './harness';
import { ApiAs, credit, demoMember, MEMBER_PASSWORD } from './wallet-helpers';

let harness: Harness;
beforeAll(async () => {
  harness = await Harness.start();
});
afterAll(() => harness?.close());

describe('dates, numbers and the tab title in the chosen language', () => {
  it('shows a wallet record time as 2026-11-25 05:08 in zh-CN, under a translated tab title', async () => {
    const page = await harness.newPage({ locale: 'zh-CN' });
    const member = await demoMember(page, 'm0260');
    await credit(await ApiAs.admin(page), member.me.id, '1234.50');
    const [latest] = (await member.api.get<WalletRecordList>(`/api/wallet/${member.me.id}/record`)).list;
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const shown = formatDateTime(latest!.created_at, zone)!;
    expect(shown).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

    await harness.login(page, 'm0260', MEMBER_PASSWORD);
    await page.goto('/wallet');
    const row = page.getByRole('row').filter({ hasText: '1,234.50' }).first();
    await row.getByRole('cell', { name: shown, exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe('钱包 - 会员管理后台');
  });
});

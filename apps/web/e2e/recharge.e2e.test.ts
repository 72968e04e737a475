import { crc32, deflateSync } from 'node:zlib';
import { formatCents, parseCents, type RechargeItem } from '@app/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../src/platform/format';
import { DEMO, Harness } from './harness';
import {
  ApiAs,
  confirmPopup,
  demoMember,
  fieldError,
  MEMBER_PASSWORD,
  rowWithId,
  statisticText,
  walletOf,
} from './wallet-helpers';

let harness: Harness;
let admin: Page;
beforeAll(async () => {
  harness = await Harness.start();
  admin = await harness.newPage();
  await harness.login(admin, ...DEMO.admin);
});
afterAll(() => harness?.close());

/** A valid 1×1 RGB PNG, built chunk by chunk. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const scanline = Buffer.from([0, 0x1f, 0x77, 0xb4]); // filter byte, one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanline)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('recharge (administrator)', () => {
  it('records a recharge with a proof image for a picked member, completes it and rejects another', async () => {
    const adminApi = await ApiAs.admin(admin);
    const { api, me } = await demoMember(admin, 'm0250');
    const start = await walletOf(api, me.id);
    const toReject = await adminApi.post<{ id: number }>('/api/recharge/create', {
      user_id: me.id,
      amount: '11.10',
    });

    // Opened afresh (not through the menu), so a retry starts without the dialog a failed attempt left open.
    await admin.goto('/recharge');
    await admin.getByRole('button', { name: 'New recharge' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('88.80');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await fieldError(dialog, 'Member').getByText('Please select a member first').waitFor();
    await dialog.getByLabel('Member', { exact: true }).fill(me.name);
    await admin.locator('.ant-select-item-option', { hasText: `(${me.user_no})` }).click();
    // The pick is taken (the member's error goes) before anything is submitted with it.
    await expect.poll(() => fieldError(dialog, 'Member').count()).toBe(0);

    harness.expectFailedLoads('/api/recharge/create', 422); // the PDF proof below
    const proof = dialog.locator('input[type=file]');
    await proof.setInputFiles({
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% not a picture\n'),
    });
    // The form holds the file once the upload list shows it; submitting before would send none.
    await dialog.getByText('receipt.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await fieldError(dialog, 'Proof image')
      .getByText('The proof must be an image (JPEG, PNG, GIF or WebP)')
      .waitFor();
    const png = tinyPng();
    await proof.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText('receipt.png').waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await admin.getByText('added successfully').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const { list } = await adminApi.get<{ list: RechargeItem[] }>('/api/recharge/list', { user_id: me.id });
    const created = list.find((r) => r.amount === '88.80')!;
    expect(created).toMatchObject({ status: 1, has_proof: true });
    expect(await adminApi.bytes(`/api/recharge/${created.id}/proof`)).toEqual({
      type: 'image/png',
      body: png,
    });

    const completed = rowWithId(admin, created.id);
    await completed.getByText('Pending').waitFor();
    // The proof opens in a new tab as a blob: URL, which the Content-Security-Policy lets through.
    const [proofTab] = await Promise.all([
      admin.context().waitForEvent('page'),
      completed.getByRole('button', { name: 'View proof' }).click(),
    ]);
    await expect.poll(() => proofTab.evaluate(() => document.images[0]?.naturalWidth)).toBe(1);
    expect(proofTab.url()).toMatch(/^blob:/);
    await proofTab.close();
    await completed.getByRole('button', { name: 'Complete' }).click();
    await confirmPopup(admin, 'Credit this recharge to the member’s wallet?');
    await completed.getByText('Completed').waitFor();
    const rejected = rowWithId(admin, toReject.id);
    await rejected.getByRole('button', { name: 'Reject' }).click();
    await confirmPopup(admin, 'Reject this recharge?');
    await rejected.getByText('Rejected').waitFor();
    for (const row of [completed, rejected])
      expect(await row.getByRole('button', { name: /Complete|Reject/ }).count()).toBe(0);

    const member = await harness.newPage();
    await harness.login(member, 'm0250', MEMBER_PASSWORD);
    await member.goto('/wallet');
    const credited = formatMoney(formatCents(parseCents(start.total)! + 8_880));
    await expect.poll(() => statisticText(member, 'Balance')).toBe(credited);
    const records = member.locator('.ant-card').filter({ hasText: 'Wallet records' });
    await records.locator('tr', { hasText: 'Recharge' }).getByText('88.80').first().waitFor();
  });
});

import type { Locale, TransferItem, WalletSummary } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../test/test-app';
import { balanceOf, expectLedgerBalanced, fundedMember, idemKey } from './wallet-fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

const send = (token: string, body: unknown, headers?: Record<string, string>) =>
  api.post('/api/wallet/sendTransfer', body, { token, headers });

describe('POST /api/wallet/sendTransfer', () => {
  it('moves the amount to the member with that id; both see it in their transfer list', async () => {
    const alice = await fundedMember(api, 10_000);
    const bob = await fundedMember(api, 0);
    const res = await send(alice.token, { user_no: bob.user.userNo, amount: '12.34', remark: 'lunch' });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Transfer successful');
    const wallet = await api.get<WalletSummary>(`/api/wallet/${alice.user.id}`, { token: alice.token });
    expect(wallet.body.data).toMatchObject({ total: '87.66', freezeTotal: '0.00' });
    expect(await balanceOf(api, bob.user.id)).toEqual({ availableCents: 1_234, frozenCents: 0 });
    const bobList = await api.get<{ list: TransferItem[] }>('/api/wallet/transferList', { token: bob.token });
    expect(bobList.body.data.list[0]).toMatchObject({ amount: '12.34', direction: 'in', remark: 'lunch' });
    expect(bobList.body.data.list[0]?.from_user.name).toContain('***');
  });

  it('refuses oneself, unknown members and more than the balance, in the caller’s language', async () => {
    const alice = await fundedMember(api, 500);
    const self = await send(alice.token, { user_no: alice.user.userNo, amount: 1 });
    expect(self.status).toBe(422);
    expect(self.body.msg).toBe('You cannot transfer to yourself');
    const nobody = await send(alice.token, { user_no: 'M999999999', amount: 1 }, { locale: 'zh-HK' });
    expect(nobody.status).toBe(422);
    expect(nobody.body.msg).toBe('用戶不存在');
    const bob = await fundedMember(api, 0);
    const tooMuch = await api.post(
      '/api/wallet/sendTransfer',
      { user_no: bob.user.userNo, amount: '5.01' },
      { token: alice.token, locale: 'zh-CN' },
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.msg).toBe('余额不足');
    expect(await balanceOf(api, alice.user.id)).toEqual({ availableCents: 500, frozenCents: 0 });
    expect(await balanceOf(api, bob.user.id)).toEqual({ availableCents: 0, frozenCents: 0 });
  });

  it('answers bad amounts and missing fields with a translated 422 and moves nothing', async () => {
    const alice = await fundedMember(api, 100_000);
    const bob = await fundedMember(api, 0);
    const cases: Array<[unknown, string]> = [
      [{ user_no: bob.user.userNo, amount: -5 }, 'The amount must be greater than 0'],
      [{ user_no: bob.user.userNo, amount: '-0.50' }, 'The amount must be greater than 0'],
      [{ user_no: bob.user.userNo, amount: 0 }, 'The amount must be greater than 0'],
      [{ user_no: bob.user.userNo, amount: '0.001' }, 'Enter an amount with at most 2 decimals'],
      [{ user_no: bob.user.userNo, amount: '1e3' }, 'Must be a number'],
      [{ user_no: bob.user.userNo, amount: 'ten' }, 'Must be a number'],
      [{ user_no: bob.user.userNo, amount: '999999999999' }, 'The amount is too large'],
      [{ user_no: bob.user.userNo, amount: '1234567890123' }, 'The amount is too large'],
      [{ user_no: bob.user.userNo }, 'This field is required'],
      [{ user_no: bob.user.userNo, amount: '' }, 'This field is required'],
      [{ amount: 1 }, 'This field is required'],
    ];
    for (const [body, message] of cases) {
      const res = await send(alice.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.msg, JSON.stringify(body)).toContain(message);
    }
    const hk = await api.post(
      '/api/wallet/sendTransfer',
      { user_no: bob.user.userNo, amount: 0 },
      { token: alice.token, locale: 'zh-HK' },
    );
    expect(hk.body.msg).toContain('金額必須大於 0');
    const translated: Array<[unknown, Locale, string]> = [
      ['0.001', 'zh-HK', '請輸入最多兩位小數的金額'],
      ['1234567890123', 'zh-CN', '金额过大'],
      ['ten', 'zh-CN', '必须为数字'],
      [undefined, 'zh-HK', '此欄位為必填'],
    ];
    for (const [amount, locale, message] of translated) {
      const res = await api.post(
        '/api/wallet/sendTransfer',
        { user_no: bob.user.userNo, amount },
        { token: alice.token, locale },
      );
      expect(res.body.msg, `${amount} ${locale}`).toContain(message);
    }
    expect(await balanceOf(api, alice.user.id)).toEqual({ availableCents: 100_000, frozenCents: 0 });
    expect(await balanceOf(api, bob.user.id)).toEqual({ availableCents: 0, frozenCents: 0 });
  });

  it('moves money once for the same Idempotency-Key, even when the retries race', async () => {
    const alice = await fundedMember(api, 10_000);
    const bob = await fundedMember(api, 0);
    const headers = idemKey();
    const body = { user_no: bob.user.userNo, amount: '10.00' };
    const first = await send(alice.token, body, headers);
    const again = await send(alice.token, body, headers);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const racing = idemKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(alice.token, body, racing)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBe(1);
    expect(await balanceOf(api, bob.user.id)).toEqual({ availableCents: 2_000, frozenCents: 0 });
    const reused = await send(alice.token, { ...body, amount: '11.00' }, headers);
    expect(reused.status).toBe(409);
    expect(await balanceOf(api, alice.user.id)).toEqual({ availableCents: 8_000, frozenCents: 0 });
  });

  it('200 parallel transfers from a wallet that affords 70: exactly 70 succeed, nothing negative', async () => {
    const alice = await fundedMember(api, 7_000);
    const others = await Promise.all(Array.from({ length: 4 }, () => fundedMember(api, 0)));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(alice.token, { user_no: others[i % 4]!.user.userNo, amount: '1.00' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(70);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.msg === 'Insufficient balance')).toBe(
      true,
    );
    expect(await balanceOf(api, alice.user.id)).toEqual({ availableCents: 0, frozenCents: 0 });
    const received = await Promise.all(others.map((o) => balanceOf(api, o.user.id)));
    expect(received.reduce((sum, b) => sum + b.availableCents, 0)).toBe(7_000);
    await expectLedgerBalanced(api);
  });

  it('opposite transfers between the same two members never deadlock', async () => {
    const a = await fundedMember(api, 10_000);
    const b = await fundedMember(api, 10_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? send(a.token, { user_no: b.user.userNo, amount: 1 })
          : send(b.token, { user_no: a.user.userNo, amount: 1 }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await balanceOf(api, a.user.id)).toEqual({ availableCents: 10_000, frozenCents: 0 });
  });
});

import { type RechargeList, RechargeStatus } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../platform/audit/audit.schema';
import { TestApi } from '../test/test-app';
import {
  balanceOf,
  expectLedgerBalanced,
  fundedMember,
  idemKey,
  type SignedIn,
  signedInAdmin,
} from '../wallet/wallet-fixtures';
import { PNG, type ProofFile, postRecharge } from './recharge.testing';

let api: TestApi;
let admin: SignedIn;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await signedInAdmin(api);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

const create = (fields: Record<string, string>, file?: ProofFile, headers: Record<string, string> = {}) =>
  postRecharge(api, admin.token, fields, file, headers);

describe('recharges', () => {
  it('creates a pending recharge with a proof image; completing credits the wallet once', async () => {
    const m = await fundedMember(api, 0);
    const created = await create(
      { user_id: String(m.user.id), amount: '150.50', points: '20', remark: 'bank slip' },
      { name: 'slip.png', type: 'image/png', data: PNG },
    );
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(await balanceOf(api, m.user.id)).toEqual({ availableCents: 0, frozenCents: 0 });
    const proof = await api.get(`/api/recharge/${id}/proof`, { token: admin.token });
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.raw.equals(PNG)).toBe(true);

    const done = await api.post(`/api/recharge/complete/${id}`, {}, { token: admin.token });
    expect(done.status).toBe(200);
    expect(await balanceOf(api, m.user.id)).toEqual({ availableCents: 15_050, frozenCents: 0 });
    for (const again of ['complete', 'reject']) {
      const res = await api.post(`/api/recharge/${again}/${id}`, {}, { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('status error');
    }
    expect(await balanceOf(api, m.user.id)).toEqual({ availableCents: 15_050, frozenCents: 0 });
    const list = await api.get<RechargeList>('/api/recharge/list', {
      token: admin.token,
      query: { user_id: m.user.id },
    });
    expect(list.body.data.list[0]).toMatchObject({
      amount: '150.50',
      points: 20,
      status: RechargeStatus.completed,
      has_proof: true,
    });
    const logs = await api.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'recharge'), eq(auditLogs.entityId, String(id))));
    expect(logs.map((l) => l.action)).toEqual(['create', 'complete']);
  });

  it('rejecting leaves the wallet untouched; racing completions credit once', async () => {
    const m = await fundedMember(api, 0);
    const rejected = await create({ user_id: String(m.user.id), amount: '10' });
    expect(
      (await api.post(`/api/recharge/reject/${rejected.body.data.id}`, {}, { token: admin.token })).status,
    ).toBe(200);
    expect(await balanceOf(api, m.user.id)).toEqual({ availableCents: 0, frozenCents: 0 });
    for (const again of ['complete', 'reject']) {
      const res = await api.post(
        `/api/recharge/${again}/${rejected.body.data.id}`,
        {},
        { token: admin.token, locale: 'zh-HK' },
      );
      expect(res.status, again).toBe(400);
      expect(res.body.msg, again).toBe('狀態錯誤');
    }
    const [row] = (
      await api.get<RechargeList>('/api/recharge/list', { token: admin.token, query: { user_id: m.user.id } })
    ).body.data.list;
    expect(row).toMatchObject({ id: rejected.body.data.id, status: RechargeStatus.rejected });
    expect(await balanceOf(api, m.user.id)).toEqual({ availableCents: 0, frozenCents: 0 });
    const pending = await create({ user_id: String(m.user.id), amount: '10' });
    const racing = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.post(`/api/recharge/complete/${pending.body.data.id}`, {}, { token: admin.token }),
      ),
    );
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balanceOf(api, m.user.id)).toEqual({ availableCents: 1_000, frozenCents: 0 });
  });

  it('the same Idempotency-Key creates one recharge', async () => {
    const m = await fundedMember(api, 0);
    const key = idemKey();
    const a = await create({ user_id: String(m.user.id), amount: '5' }, undefined, key);
    const b = await create({ user_id: String(m.user.id), amount: '5' }, undefined, key);
    expect(b.body.data).toEqual(a.body.data);
    const list = await api.get<RechargeList>('/api/recharge/list', {
      token: admin.token,
      query: { user_id: m.user.id },
    });
    expect(list.body.data.meta.total).toBe(1);
  });

  it('asks for the member first, needs an amount, and accepts only real images', async () => {
    const m = await fundedMember(api, 0);
    const noMember = await create({ amount: '10' });
    expect(noMember.status).toBe(422);
    expect(noMember.body.msg).toBe('user_id: Please select a member first');
    const noAmount = await create({ user_id: String(m.user.id) });
    expect(noAmount.status).toBe(422);
    expect(noAmount.body.data.errors).toEqual([{ field: 'amount', message: 'This field is required' }]);
    const unknown = await create({ user_id: '99999999', amount: '10' });
    expect(unknown.body.msg).toBe('User does not exist');
    const adminTarget = await create({ user_id: String(admin.user.id), amount: '10' });
    expect(adminTarget.status).toBe(422);
    for (const [amount, message, locale] of [
      ['', 'This field is required', 'en-US'],
      ['-1', 'The amount must be greater than 0', 'en-US'],
      ['0', '金額必須大於 0', 'zh-HK'],
      ['0.001', 'Enter an amount with at most 2 decimals', 'en-US'],
      ['lots', '必须为数字', 'zh-CN'],
      ['99999999999999', 'The amount is too large', 'en-US'],
      ['100000000.01', '金额过大', 'zh-CN'],
    ]) {
      const res = await create({ user_id: String(m.user.id), amount: amount! }, undefined, {
        locale: locale!,
      });
      expect(res.status, amount).toBe(422);
      expect(res.body.data.errors, amount).toEqual([{ field: 'amount', message }]);
    }
    const fakePng = await create(
      { user_id: String(m.user.id), amount: '10' },
      { name: 'proof.png', type: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') },
    );
    expect(fakePng.status).toBe(422);
    expect(fakePng.body.msg).toBe('The proof must be an image (JPEG, PNG, GIF or WebP)');
    const pdf = await create(
      { user_id: String(m.user.id), amount: '10' },
      { name: 'proof.png', type: 'image/png', data: Buffer.from('%PDF-1.7\n...') },
    );
    expect(pdf.status).toBe(422);
    const big = await create(
      { user_id: String(m.user.id), amount: '10' },
      { name: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) },
    );
    expect(big.status).toBe(422);
    expect(big.body.msg).toBe('The file is too large (at most 5 MB)');
    const list = await api.get<RechargeList>('/api/recharge/list', {
      token: admin.token,
      query: { user_id: m.user.id },
    });
    expect(list.body.data.meta.total).toBe(0);
  });

  it('members cannot call recharge routes', async () => {
    const m = await fundedMember(api, 0);
    expect((await api.get('/api/recharge/list', { token: m.token })).status).toBe(403);
    expect((await api.post('/api/recharge/complete/1', {}, { token: m.token })).status).toBe(403);
  });
});

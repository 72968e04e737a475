import {
  type WalletRecordList,
  type WalletRecordState,
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalAction,
  type WithdrawalItem,
  WithdrawalStatus,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../platform/audit/audit.schema';
import { TestApi } from '../test/test-app';
import { walletRecords } from '../wallet/wallet.schema';
import {
  balanceOf,
  expectLedgerBalanced,
  fundedMember,
  idemKey,
  type SignedIn,
  signedInAdmin,
} from '../wallet/wallet-fixtures';

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

const BANK = { bank_card_number: '6222 0000 1111', bank_code: 'HSBC', bank_name: 'HSBC Hong Kong' };
type Step = WithdrawalAction | 'cancel';

async function apply(member: SignedIn, amount: unknown, headers?: Record<string, string>) {
  return api.post<WithdrawalItem>(
    '/api/wallet/create-withdraw-record',
    { amount, ...BANK },
    { token: member.token, headers },
  );
}

function step(member: SignedIn, id: number, s: Step) {
  if (s === 'cancel')
    return api.post(`/api/wallet/${id}/update-withdraw-record`, {}, { token: member.token });
  return api.post(
    `/api/wallet/admin/next/${id}`,
    { action: s, reason: s === 'refuse' ? 'card name mismatch' : undefined },
    { token: admin.token },
  );
}

/** Paths from "in application" to each status. */
const PATH: Record<WithdrawalStatus, Step[]> = {
  [WithdrawalStatus.inApplication]: [],
  [WithdrawalStatus.rejected]: ['refuse'],
  [WithdrawalStatus.cancelled]: ['cancel'],
  [WithdrawalStatus.paymentInProgress]: ['agree'],
  [WithdrawalStatus.paymentFailed]: ['agree', 'failed'],
  [WithdrawalStatus.paid]: ['agree', 'paid'],
};

/** A member with 100.00 who applied for 30.00 and was taken to `status`. */
async function withdrawalIn(status: WithdrawalStatus) {
  const member = await fundedMember(api, 10_000);
  const created = await apply(member, '30.00');
  expect(created.status).toBe(200);
  for (const s of PATH[status]) expect((await step(member, created.body.data.id, s)).status).toBe(200);
  return { member, id: created.body.data.id };
}

const recordCount = async (userId: number) =>
  (await api.db.select().from(walletRecords).where(eq(walletRecords.userId, userId))).length;

describe('withdrawal state machine (docs/product/withdrawals.md)', () => {
  it('applying moves the amount from available to frozen', async () => {
    const { member, id } = await withdrawalIn(WithdrawalStatus.inApplication);
    expect(await balanceOf(api, member.user.id)).toEqual({ availableCents: 7_000, frozenCents: 3_000 });
    const mine = await api.get<{ list: WithdrawalItem[] }>('/api/wallet/withdraw-record', {
      token: member.token,
    });
    expect(mine.body.data.list).toEqual([
      expect.objectContaining({
        id,
        amount: '30.00',
        status: WithdrawalStatus.inApplication,
        bank_code: 'HSBC',
      }),
    ]);
  });

  const outcomes: Array<[WithdrawalStatus, { availableCents: number; frozenCents: number }]> = [
    [WithdrawalStatus.paymentInProgress, { availableCents: 7_000, frozenCents: 3_000 }],
    [WithdrawalStatus.rejected, { availableCents: 10_000, frozenCents: 0 }],
    [WithdrawalStatus.cancelled, { availableCents: 10_000, frozenCents: 0 }],
    [WithdrawalStatus.paymentFailed, { availableCents: 10_000, frozenCents: 0 }],
    [WithdrawalStatus.paid, { availableCents: 7_000, frozenCents: 0 }],
  ];
  it.each(outcomes)('allowed: reaching status %i leaves the right balances', async (status, balance) => {
    const { member, id } = await withdrawalIn(status);
    expect(await balanceOf(api, member.user.id)).toEqual(balance);
    const view = await api.get<WithdrawalItem>(`/api/wallet/withdraw/${id}`, { token: admin.token });
    expect(view.body.data.status).toBe(status);
    if (status === WithdrawalStatus.rejected) expect(view.body.data.reason).toBe('card name mismatch');
  });

  const states: Array<[WithdrawalStatus, WalletRecordState[]]> = [
    [WithdrawalStatus.inApplication, ['pending']],
    [WithdrawalStatus.paymentInProgress, ['pending']],
    [WithdrawalStatus.rejected, ['returned', 'returned']],
    [WithdrawalStatus.cancelled, ['returned', 'returned']],
    [WithdrawalStatus.paymentFailed, ['returned', 'returned']],
    [WithdrawalStatus.paid, ['paid', 'complete']],
  ];
  it.each(states)('at status %i the wallet records say where the money is', async (status, expected) => {
    const { member } = await withdrawalIn(status);
    const records = await api.get<WalletRecordList>('/api/wallet/recordList', {
      token: admin.token,
      query: { user_id: member.user.id },
    });
    const withdrawal = records.body.data.list.filter((r) => r.reference_type === 'withdrawal').reverse();
    expect(withdrawal.map((r) => r.state)).toEqual(expected);
  });

  it('the records list filters by the state it shows', async () => {
    const { member } = await withdrawalIn(WithdrawalStatus.rejected);
    const stateOf = async (state?: WalletRecordState) =>
      (
        await api.get<WalletRecordList>('/api/wallet/recordList', {
          token: admin.token,
          query: { user_id: member.user.id, ...(state ? { state } : {}) },
        })
      ).body.data.list.map((r) => r.state);
    const all = await stateOf();
    expect(all).toContain('returned');
    for (const state of ['complete', 'pending', 'returned', 'paid'] as const)
      expect(await stateOf(state)).toEqual(all.filter((s) => s === state));
    const unknown = await api.get('/api/wallet/recordList', {
      token: admin.token,
      query: { state: 'lost' },
    });
    expect(unknown.status).toBe(422);
  });

  const refused = Object.values(WithdrawalStatus).flatMap((status) =>
    (Object.keys(WITHDRAWAL_TRANSITIONS) as Step[])
      .filter((s) => WITHDRAWAL_TRANSITIONS[s].from !== status)
      .map((s) => [status, s] as const),
  );
  it(`refused: all ${refused.length} other transitions answer 'status error' and change nothing`, async () => {
    for (const status of Object.values(WithdrawalStatus)) {
      const { member, id } = await withdrawalIn(status);
      const balance = await balanceOf(api, member.user.id);
      const records = await recordCount(member.user.id);
      for (const [, s] of refused.filter(([from]) => from === status)) {
        const res = await step(member, id, s);
        expect(res.status, `${s} from ${status}`).toBe(400);
        expect(res.body.msg).toBe('status error');
      }
      const view = await api.get<WithdrawalItem>(`/api/wallet/withdraw/${id}`, { token: admin.token });
      expect(view.body.data.status).toBe(status);
      expect(await balanceOf(api, member.user.id)).toEqual(balance);
      expect(await recordCount(member.user.id)).toBe(records);
    }
  });

  it('a refusal needs a reason; the application and every step are audited by who took them', async () => {
    const { member, id } = await withdrawalIn(WithdrawalStatus.inApplication);
    const noReason = await api.post(
      `/api/wallet/admin/next/${id}`,
      { action: 'refuse' },
      { token: admin.token },
    );
    expect(noReason.status).toBe(422);
    expect(noReason.body.msg).toContain('Please enter the reason for refusal');
    expect((await step(member, id, 'agree')).body.msg).toBe('Operation successful');
    const logs = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'withdrawal'), eq(auditLogs.entityId, String(id))))
      .orderBy(auditLogs.id);
    expect(logs.map((l) => [l.action, l.actorId])).toEqual([
      ['apply', member.user.id],
      ['agree', admin.user.id],
    ]);
  });
});

describe('applying', () => {
  it('refuses more than the available balance, bad amounts and missing bank details, changing nothing', async () => {
    const member = await fundedMember(api, 5_000);
    const over = await apply(member, '50.01');
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('Insufficient withdrawal amount');
    for (const [amount, message] of [
      [0, 'The withdrawal amount must be greater than 0'],
      ['-1', 'The withdrawal amount must be greater than 0'],
      ['1.005', 'Enter an amount with at most 2 decimals'],
      ['abc', 'Must be a number'],
      ['123456789012', 'The amount is too large'],
      ['1234567890123', 'The amount is too large'],
      ['', 'This field is required'],
      [null, 'This field is required'],
    ] as const) {
      const res = await apply(member, amount);
      expect(res.status, String(amount)).toBe(422);
      expect(res.body.msg, String(amount)).toContain(message);
    }
    const zhCn = await api.post(
      '/api/wallet/create-withdraw-record',
      { amount: 0, ...BANK },
      { token: member.token, locale: 'zh-CN' },
    );
    expect(zhCn.body.msg).toContain('提现金额必须大于 0');
    const noBank = await api.post<{ errors: { field: string }[] }>(
      '/api/wallet/create-withdraw-record',
      { amount: 1 },
      { token: member.token },
    );
    expect(noBank.status).toBe(422);
    expect(noBank.body.data.errors.map((e) => e.field).sort()).toEqual([
      'bank_card_number',
      'bank_code',
      'bank_name',
    ]);
    expect(await balanceOf(api, member.user.id)).toEqual({ availableCents: 5_000, frozenCents: 0 });
    expect(await recordCount(member.user.id)).toBe(1);
  });

  it('the same Idempotency-Key freezes once', async () => {
    const member = await fundedMember(api, 5_000);
    const headers = idemKey();
    const answers = await Promise.all([
      apply(member, 10, headers),
      apply(member, 10, headers),
      apply(member, 10, headers),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await balanceOf(api, member.user.id)).toEqual({ availableCents: 4_000, frozenCents: 1_000 });
  });

  it('200 parallel applications against a balance for 45: exactly 45 succeed', async () => {
    const member = await fundedMember(api, 4_500);
    const results = await Promise.all(Array.from({ length: 200 }, () => apply(member, '1.00')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(45);
    expect(
      results.filter((r) => r.status !== 200).every((r) => r.body.msg === 'Insufficient withdrawal amount'),
    ).toBe(true);
    expect(await balanceOf(api, member.user.id)).toEqual({ availableCents: 0, frozenCents: 4_500 });
    const list = await api.get<{ meta: { total: number } }>('/api/wallet/withdraw-record', {
      token: member.token,
    });
    expect(list.body.data.meta.total).toBe(45);
    await expectLedgerBalanced(api);
  });

  it('racing admin steps on one withdrawal: one wins, the rest are status errors', async () => {
    const { member, id } = await withdrawalIn(WithdrawalStatus.paymentInProgress);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => step(member, id, i % 2 ? 'paid' : 'failed')),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const balance = await balanceOf(api, member.user.id);
    expect([7_000, 10_000]).toContain(balance.availableCents);
    expect(balance.frozenCents).toBe(0);
  });
});

describe('authorisation', () => {
  it('a member cannot cancel, view or step another member’s withdrawal', async () => {
    const { member: owner, id } = await withdrawalIn(WithdrawalStatus.inApplication);
    const other = await fundedMember(api, 0);
    const cancel = await step(other, id, 'cancel');
    expect(cancel.status).toBe(404);
    expect((await api.get(`/api/wallet/withdraw/${id}`, { token: other.token })).status).toBe(403);
    expect((await api.get('/api/wallet/admin/list', { token: other.token })).status).toBe(403);
    expect(
      (await api.post(`/api/wallet/admin/next/${id}`, { action: 'agree' }, { token: other.token })).status,
    ).toBe(403);
    expect(await balanceOf(api, owner.user.id)).toEqual({ availableCents: 7_000, frozenCents: 3_000 });
  });

  it('admins list all applications and filter by status', async () => {
    await withdrawalIn(WithdrawalStatus.rejected);
    const res = await api.get<{ list: WithdrawalItem[]; meta: { total: number } }>('/api/wallet/admin/list', {
      token: admin.token,
      query: { status: WithdrawalStatus.rejected },
    });
    expect(res.body.data.meta.total).toBeGreaterThan(0);
    expect(res.body.data.list.every((w) => w.status === WithdrawalStatus.rejected)).toBe(true);
  });

  it('admins find a member’s applications by member number or by part of the name, whatever its case', async () => {
    const { member, id } = await withdrawalIn(WithdrawalStatus.inApplication);
    const found = async (keyword: string) =>
      (
        await api.get<{ list: WithdrawalItem[] }>('/api/wallet/admin/list', {
          token: admin.token,
          query: { keyword },
        })
      ).body.data.list.map((w) => w.id);
    expect(await found(member.user.userNo)).toEqual([id]);
    expect(await found(member.user.name.slice(1).toUpperCase())).toEqual([id]);
    expect(await found(`${member.user.name}-nobody`)).toEqual([]);
  });
});

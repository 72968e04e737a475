import {
  type JobStarted,
  parseCents,
  RechargeStatus,
  type SettlementResult,
  translate,
  WithdrawalStatus,
} from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../members/members.schema';
import { queryRows } from '../platform/db/client';
import { pollJob } from '../platform/jobs/test-jobs';
import { postRecharge } from '../recharge/recharge.testing';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { postEntry } from './ledger';
import { type Op, resolve, stepsArb } from './ledger-model.ops.testing';
import {
  type Action,
  LedgerModel,
  type ModelWallet,
  type Observed,
  type Outcome,
  type WithdrawalStep,
} from './ledger-model.testing';
import { RecordAction, RecordStatus } from './wallet.schema';

/**
 * Random sequences of recharges, transfers, withdrawal steps, orders, settlement runs and refunds, each
 * through the real API, against the in-memory LedgerModel. Sequential steps must answer and move money
 * exactly as the model says; a concurrent step (a few actions at once) must be explained by the model
 * applying its successful actions in some order. After every step each wallet matches the model and its
 * records; after every sequence money is conserved. Each sequence runs on new members (a small sponsor tree)
 * and its own settlement day, so it depends on no other: fast-check prints the seed and the shrunk sequence
 * of a failure; replay it with `fc.assert(…, { seed, path })`.
 */

const NUM_RUNS = 25;
/** The sponsor tree of the members (index of the sponsor) and their levels (the referral ratio). */
const TREE = [
  { sponsor: null, level: 4 },
  { sponsor: 0, level: 2 },
  { sponsor: 0, level: 1 },
  { sponsor: 1, level: 3 },
  { sponsor: 2, level: 1 },
] as const;
const N = TREE.length;

let api: TestApi;
let admin: string;
/** A second administrator, who approves the settlement runs `admin` starts. */
let approver: string;
let ratioBpOfLevel: Map<number, number>;
/** The members of the running sequence: each sequence starts on new wallets, so it replays alone. */
let members: UserRow[];
let tokens: string[];

beforeAll(async () => {
  api = await TestApi.start({ refundAdmin: 'model_refunder' });
  admin = await api.login((await api.factory.superAdmin({ name: 'model_refunder' })).name, TEST_PASSWORD);
  approver = await api.login((await api.factory.superAdmin()).name, TEST_PASSWORD);
  const levels = await queryRows<{ id: number; bp: number }>(
    api.db,
    sql`select id, invitation_ratio_bp as bp from levels`,
  );
  ratioBpOfLevel = new Map(levels.map((l) => [Number(l.id), Number(l.bp)]));
});
afterAll(async () => {
  expect(await unbalancedWallets()).toEqual([]);
  await api.close();
});

/** New members for a sequence, each credited its opening balance (as a completed recharge would). */
async function newMembers(openingCents: number[]) {
  members = [];
  for (const [i, node] of TREE.entries()) {
    const user = await api.factory.member({
      levelId: node.level,
      parentUserId: node.sponsor === null ? null : members[node.sponsor]!.id,
    });
    members.push(user);
    if (openingCents[i]! > 0)
      await api.db.transaction((tx) =>
        postEntry(tx, { userId: user.id, amountCents: openingCents[i]!, move: 'credit', kind: 'adjustment' }),
      );
  }
  tokens = await Promise.all(members.map((m) => api.login(m.name, TEST_PASSWORD)));
}

interface Performed {
  status: number;
  msg: string;
  observed: Observed;
}

let sequenceNo = 0;
let orderNo = 0;

/** One action through the real API, as the admin or the member who would do it. */
async function perform(model: LedgerModel, action: Action, day: string): Promise<Performed> {
  const money = (c: number) => (c / 100).toFixed(2);
  const answered = (res: { status: number; body: { msg: string } }, observed: Observed = {}) => ({
    status: res.status,
    msg: res.body.msg,
    observed,
  });
  switch (action.kind) {
    case 'recharge': {
      const res = await postRecharge(api, admin, {
        user_id: String(members[action.member]!.id),
        amount: money(action.cents),
      });
      return answered(res, { id: res.body.data?.id });
    }
    case 'settleRecharge':
      return answered(await api.post(`/api/recharge/${action.outcome}/${action.id}`, {}, { token: admin }));
    case 'transfer':
      return answered(
        await api.post(
          '/api/wallet/sendTransfer',
          { user_no: members[action.to]!.userNo, amount: money(action.cents) },
          { token: tokens[action.from]! },
        ),
      );
    case 'withdraw': {
      const body = {
        amount: money(action.cents),
        bank_card_number: '6222 0000',
        bank_code: 'B1',
        bank_name: 'Bank',
      };
      const res = await api.post<{ id: number }>('/api/wallet/create-withdraw-record', body, {
        token: tokens[action.member]!,
      });
      return answered(res, { id: res.body.data?.id });
    }
    case 'step':
      return answered(await stepWithdrawal(action.id, action.step, model.withdrawals.get(action.id)!.member));
    case 'order': {
      const platformOrderNo = `LM-${++orderNo}`;
      const res = await api.post(
        '/api/orders/ingest',
        {
          platform_order_no: platformOrderNo,
          source_type: 2,
          user_no: members[action.buyer]!.userNo,
          product_name: 'Course',
          amount: '100',
          sales_point: action.sp,
          completed_at: `${day}T12:00:00Z`,
        },
        { token: admin },
      );
      return answered(res, { orderNo: platformOrderNo });
    }
    case 'settle': {
      // Computed by the admin, then approved by another: a run started while another of the day awaits
      // approval is refused (409), so a concurrent settle starts once that one is paid, as the model orders them.
      let res = await api.post<JobStarted>(
        '/api/bonus/settlements',
        { period: day, type_key: 1 },
        { token: admin },
      );
      for (let tries = 0; res.status === 409 && tries < 200; tries++) {
        await new Promise((wait) => setTimeout(wait, 50));
        res = await api.post<JobStarted>(
          '/api/bonus/settlements',
          { period: day, type_key: 1 },
          { token: admin },
        );
      }
      if (res.status !== 200) return answered(res);
      const computed = (await pollJob(api, res.body.data, admin)).job;
      if (computed.status !== 'done') return { status: 500, msg: computed.error ?? 'failed', observed: {} };
      const runId = (computed.result as SettlementResult).run.id;
      const approval = await api.post<JobStarted>(
        `/api/bonus/settlements/${runId}/approve`,
        {},
        { token: approver },
      );
      if (approval.status !== 200) return answered(approval);
      const { job } = await pollJob(api, approval.body.data, approver);
      const result = job.result as SettlementResult | null;
      return job.status === 'done'
        ? { status: 200, msg: '', observed: { totalCents: parseCents(result!.run.total_amount)! } }
        : { status: 500, msg: job.error ?? 'failed', observed: {} };
    }
    case 'refund': {
      const res = await api.post<{ already_refunded: boolean; reversed_amount: string }>(
        '/api/orders/refund-wallet',
        { platform_order_no_origin: action.orderNo },
        { token: admin },
      );
      const data = res.body.data;
      return answered(
        res,
        res.status === 200
          ? { alreadyRefunded: data.already_refunded, reversedCents: parseCents(data.reversed_amount)! }
          : {},
      );
    }
  }
}

/** Members cancel their own applications; administrators take the other steps. */
function stepWithdrawal(id: number, step: WithdrawalStep, owner: number) {
  if (step === 'cancel')
    return api.post(`/api/wallet/${id}/update-withdraw-record`, {}, { token: tokens[owner]! });
  const body = step === 'refuse' ? { action: step, reason: 'model says no' } : { action: step };
  return api.post(`/api/wallet/admin/next/${id}`, body, { token: admin });
}

const explains = (outcome: Outcome, performed: Performed) =>
  outcome.ok &&
  Object.entries(outcome.expected).every(([k, v]) => performed.observed[k as keyof Observed] === v);

function expectAnswer(outcome: Outcome, performed: Performed, action: Action) {
  const label = JSON.stringify(action);
  if (outcome.ok) {
    expect(performed.status, `${label}: ${performed.msg}`).toBe(200);
    expect(performed.observed, label).toMatchObject(outcome.expected);
  } else expect([performed.status, performed.msg], label).toEqual([400, translate(outcome.refused, 'en-US')]);
}

/** Every refusal a concurrent action may meet, depending on what ran before it. */
const REFUSALS = [
  'common.statusError',
  'wallet.insufficientBalance',
  'wallet.insufficientWithdrawal',
  'bonus.reversalInsufficient',
].map((key) => translate(key, 'en-US'));

/**
 * A concurrent step: every answer is a success or a refusal, and the successes must be explained by the
 * model applying them one after another (states checked, balances not: the order is unknown).
 */
function reconcile(model: LedgerModel, actions: Action[], performed: Performed[]) {
  const refused = performed.filter((p) => p.status !== 200);
  for (const p of refused) expect([p.status, REFUSALS.includes(p.msg)], p.msg).toEqual([400, true]);
  let pending = actions
    .map((action, i) => ({ action, performed: performed[i]! }))
    .filter((a) => a.performed.status === 200);
  while (pending.length > 0) {
    const next = pending.find((a) => explains(model.outcome(a.action, true), a.performed));
    expect(next, `no order of ${JSON.stringify(pending)} is explained by the model`).toBeDefined();
    model.commit(next!.action, next!.performed.observed);
    pending = pending.filter((a) => a !== next);
  }
}

async function walletsOfMembers(): Promise<ModelWallet[]> {
  const rows = await queryRows<{ user_id: number; available_cents: string; frozen_cents: string }>(
    api.db,
    sql`select user_id, available_cents, frozen_cents from wallets where user_id in ${inList(members.map((m) => m.id))}`,
  );
  const byUser = new Map(rows.map((r) => [Number(r.user_id), r]));
  return members.map((m) => {
    const row = byUser.get(m.id);
    return { available: Number(row?.available_cents ?? 0), frozen: Number(row?.frozen_cents ?? 0) };
  });
}

const inList = (values: Array<string | number>): SQL =>
  values.length === 0
    ? sql`(null)`
    : sql`(${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`;

/**
 * docs/product/wallet.md: no balance negative; available + frozen = the sum of the wallet's complete records. Of the
 * given users' wallets (a sequence checks only its own, so a failed one does not fail the next and mislead
 * the shrinking), else of every wallet.
 */
async function unbalancedWallets(userIds?: number[]) {
  return queryRows(
    api.db,
    sql`select * from (
        select w.user_id, w.available_cents, w.frozen_cents,
          coalesce(sum(case when r.action = ${RecordAction.add} then r.amount_cents else -r.amount_cents end)
            filter (where r.status = ${RecordStatus.complete}), 0) as complete_sum
        from wallets w left join wallet_records r on r.user_id = w.user_id
        ${userIds ? sql`where w.user_id in ${inList(userIds)}` : sql``}
        group by w.user_id
      ) t
      where available_cents < 0 or frozen_cents < 0 or available_cents + frozen_cents <> complete_sum`,
  );
}

/** All money in wallets, and what a sequence brought in and took out, read from the tables that record it. */
async function moneyFlows(model: LedgerModel) {
  const [row] = await queryRows<Record<string, string>>(
    api.db,
    sql`select
      (select coalesce(sum(available_cents + frozen_cents), 0) from wallets
        where user_id in ${inList(members.map((m) => m.id))}) as in_wallets,
      (select coalesce(sum(amount_cents), 0) from recharges
        where id in ${inList([...model.recharges.keys()])} and status = ${RechargeStatus.completed}) as recharged,
      (select coalesce(sum(amount_cents), 0) from withdrawals
        where id in ${inList([...model.withdrawals.keys()])} and status = ${WithdrawalStatus.paid}) as paid_out,
      (select coalesce(sum(p.cents), 0) from bonus_payouts p join orders o on o.id = p.order_id
        where o.platform_order_no in ${inList([...model.orders.keys()])}) as bonuses,
      (select coalesce(sum(p.cents), 0) from bonus_payouts p join orders o on o.id = p.order_id
        where o.platform_order_no in ${inList([...model.orders.keys()])} and p.reversed_at is not null) as reversed`,
  );
  const flow = (k: string) => Number(row![k]);
  return {
    inWallets: flow('in_wallets'),
    recharged: flow('recharged'),
    paidOut: flow('paid_out'),
    bonuses: flow('bonuses'),
    reversed: flow('reversed'),
  };
}

async function expectModelHolds(model: LedgerModel, after: unknown) {
  const label = `after ${JSON.stringify(after)}`;
  expect(await walletsOfMembers(), label).toEqual(model.wallets);
  for (const w of model.wallets) expect(w.available >= 0 && w.frozen >= 0, label).toBe(true);
  expect(await unbalancedWallets(members.map((m) => m.id)), label).toEqual([]);
}

async function runSequence([openingCents, steps]: [number[], Op[][]]) {
  const day = new Date(Date.UTC(2024, 0, 1) + sequenceNo++ * 86_400_000).toISOString().slice(0, 10);
  await newMembers(openingCents);
  const model = new LedgerModel(await walletsOfMembers(), (buyer) => {
    const sponsor = TREE[buyer]!.sponsor;
    return sponsor === null ? null : { sponsor, ratioBp: ratioBpOfLevel.get(TREE[sponsor]!.level) ?? 0 };
  });
  const before = await moneyFlows(model);
  for (const step of steps) {
    const actions = step.map((op) => resolve(model, op)).filter((a): a is Action => a !== null);
    if (actions.length === 0) continue;
    if (step.length === 1) {
      const action = actions[0]!;
      const outcome = model.outcome(action);
      const performed = await perform(model, action, day);
      expectAnswer(outcome, performed, action);
      if (outcome.ok) model.commit(action, performed.observed);
    } else {
      const performed = await Promise.all(actions.map((a) => perform(model, a, day)));
      reconcile(model, actions, performed);
    }
    await expectModelHolds(model, actions);
  }
  const after = await moneyFlows(model);
  // Money is conserved: the members' wallets changed only by what came in (completed recharges, bonuses
  // paid) and went out (paid withdrawals, bonuses reversed by refunds); transfers and holds move it inside.
  expect(after.inWallets - before.inWallets).toBe(
    after.recharged - after.paidOut + after.bonuses - after.reversed,
  );
}

describe('the ledger against its model', () => {
  it('random sequences, some steps concurrent, answer and move money as the model says', async () => {
    const opening = fc.array(fc.nat({ max: 40_000 }), { minLength: N, maxLength: N });
    const steps = fc.array(stepsArb(N), { minLength: 10, maxLength: 20 });
    await fc.assert(fc.asyncProperty(fc.tuple(opening, steps), runSequence), {
      numRuns: NUM_RUNS,
      // Shrinking a failure replays many sequences: report the smallest found by then.
      interruptAfterTimeLimit: 90_000,
    });
  }, 120_000);
});

import { WithdrawalStatus } from '@app/contracts';
import type { UserRow } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { createRecharge, settleRecharge } from '../recharge/recharge.service';
import type { DemoWorld } from '../seed/demo-world';
import { applyForWithdrawal, stepWithdrawal } from '../withdrawals/withdrawals.service';
import { sendTransfer } from './transfers.service';

const STEPS_TO: Record<WithdrawalStatus, Array<'agree' | 'refuse' | 'paid' | 'failed' | 'cancel'>> = {
  [WithdrawalStatus.inApplication]: [],
  [WithdrawalStatus.rejected]: ['refuse'],
  [WithdrawalStatus.cancelled]: ['cancel'],
  [WithdrawalStatus.paymentInProgress]: ['agree'],
  [WithdrawalStatus.paymentFailed]: ['agree', 'failed'],
  [WithdrawalStatus.paid]: ['agree', 'paid'],
};

/**
 * Demo wallets, all through the ledger: completed, pending and rejected recharges, transfers
 * between members, and the demo member's withdrawals in every state.
 */
export async function seedWallets(db: DbOrTx, { rng, superAdmin, demoMember, members }: DemoWorld) {
  const adminId = superAdmin.id;
  const recharge = async (user: UserRow, cents: number, outcome: 'complete' | 'reject' | null) => {
    const row = await createRecharge(
      db,
      { user_id: user.id, amount: cents, points: cents / 100, remark: 'Bank transfer' },
      null,
      adminId,
    );
    if (outcome) await settleRecharge(db, row.id, outcome, adminId);
  };
  const funded = [demoMember, ...members.filter((m) => m.id !== demoMember.id).slice(0, 40)];
  for (const m of funded)
    await recharge(m, m === demoMember ? 300_000 : rng.int(50, 500) * 1_000, 'complete');
  await recharge(demoMember, 20_000, null);
  await recharge(demoMember, 5_000, 'reject');

  for (let i = 0; i < 60; i++) {
    const from = rng.pick(funded);
    const to = rng.pick(members);
    if (from.id === to.id) continue;
    await sendTransfer(db, {
      fromUserId: from.id,
      toUserNo: to.userNo,
      amountCents: rng.int(1, 80) * 100,
      remark: 'Demo transfer',
    });
  }

  for (const [status, steps] of Object.entries(STEPS_TO)) {
    const w = await applyForWithdrawal(db, demoMember.id, {
      amount: (Number(status) + 1) * 5_000,
      bank_card_number: '6222 0210 0000 1234',
      bank_code: 'HSBC',
      bank_name: 'HSBC Hong Kong',
    });
    for (const step of steps)
      await stepWithdrawal(db, {
        id: w.id,
        step,
        ownerId: step === 'cancel' ? demoMember.id : undefined,
        actorId: step === 'cancel' ? demoMember.id : adminId,
        reason: step === 'refuse' ? 'Bank account name does not match' : undefined,
      });
  }
}

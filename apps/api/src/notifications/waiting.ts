import {
  hasPermission,
  type Locale,
  Perm,
  type PermId,
  RechargeStatus,
  translate,
  type WaitingItem,
  type WaitingKind,
  WithdrawalStatus,
} from '@app/contracts';
import { and, count, eq, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { bonusSettlementRuns } from '../bonus/bonus.schema';
import type { AccountCaller } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import { recharges } from '../recharge/recharge.schema';
import { withdrawals } from '../withdrawals/withdrawals.schema';

interface Waiting {
  kind: WaitingKind;
  perm: PermId;
  link: string;
  table: PgTable;
  where: (admin: AccountCaller) => SQL | undefined;
}

/**
 * Work waiting for administrators, counted live from its own table rather than copied into notifications: the
 * count is right the moment another administrator handles an item, and nothing has to be un-notified
 * (docs/product/notifications.md, "Administrators").
 */
const WAITING: readonly Waiting[] = [
  {
    kind: 'withdrawal_waiting',
    perm: Perm.withdraw,
    link: '/withdraw',
    table: withdrawals,
    where: () => eq(withdrawals.status, WithdrawalStatus.inApplication),
  },
  {
    kind: 'recharge_waiting',
    perm: Perm.recharge,
    link: '/recharge',
    table: recharges,
    where: () => eq(recharges.status, RechargeStatus.pending),
  },
  {
    kind: 'settlement_waiting',
    perm: Perm.approveSettlements,
    link: '/config/approvals',
    table: bonusSettlementRuns,
    // A run is approved by another administrator than its starter: the starter has nothing to do.
    where: (admin) =>
      and(
        eq(bonusSettlementRuns.status, 'awaiting_approval'),
        or(isNull(bonusSettlementRuns.startedBy), ne(bonusSettlementRuns.startedBy, admin.id)),
      ),
  },
];

/** The waiting work an administrator may handle, one line per kind with something waiting; none for members. */
export async function waitingFor(db: DbOrTx, caller: AccountCaller, locale: Locale): Promise<WaitingItem[]> {
  if (!caller.isAdmin) return [];
  const mine = WAITING.filter((w) => hasPermission(caller.roleIds, w.perm));
  const counts = await Promise.all(
    mine.map((w) =>
      db
        .select({ n: count() })
        .from(w.table)
        .where(w.where(caller))
        .then(([row]) => row?.n ?? 0),
    ),
  );
  return mine
    .map((w, i) => ({ kind: w.kind, count: counts[i]!, link: w.link }))
    .filter((w) => w.count > 0)
    .map((w) => ({ ...w, title: translate(`notifications.${w.kind}`, locale, { count: w.count }) }));
}

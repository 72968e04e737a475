import { sql } from 'drizzle-orm';
import { notifyAll } from '../../notifications/notify';
import type { DbOrTx } from '../../platform/db/client';
import type { CommissionHolds } from '../commission/holds';
import type { Payout } from '../engine/types';

/** Members per statement: bounds the JSON one statement carries. */
const MEMBERS_PER_STATEMENT = 50_000;

/**
 * Tells each member a range of a run credited what it credited: one notification per member (their payouts'
 * count and total; held and forfeited ones are not credited), written set-based in the range's transaction from
 * the payouts already in memory, so nothing is read back (docs/product/notifications.md, "Payouts credited").
 * `due` is grouped by member, as payDue pays it.
 */
export async function noticeCredited(
  tx: DbOrTx,
  runId: number,
  due: readonly Payout[],
  holds: CommissionHolds | undefined,
): Promise<void> {
  const members: Array<[number, number, number]> = [];
  for (const p of due) {
    if (holds?.has(p.userId)) continue;
    const last = members[members.length - 1];
    if (last?.[0] === p.userId) {
      last[1]++;
      last[2] += p.cents;
    } else members.push([p.userId, 1, p.cents]);
  }
  for (let i = 0; i < members.length; i += MEMBERS_PER_STATEMENT) {
    const json = JSON.stringify(members.slice(i, i + MEMBERS_PER_STATEMENT));
    await notifyAll(
      tx,
      'payout_credited',
      sql`select (r->>0)::int as user_id,
          jsonb_build_object('runId', ${runId}::int, 'count', (r->>1)::int, 'amount_cents', (r->>2)::bigint) as params,
          '/wallet'::text as link
        from json_array_elements(${json}::json) as r`,
    );
  }
}

import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';

/** pg_advisory_xact_lock key that serialises settlement runs and order refunds across API processes. */
export const SETTLEMENT_LOCK = 4_206_001;

/**
 * Waits for (then holds until the transaction ends) the settlement lock: a settlement run and
 * a refund never overlap, so a run that already loaded an order cannot pay bonuses on it after
 * a refund committed.
 */
export async function lockSettlements(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETTLEMENT_LOCK})`);
}

/** pg_advisory_xact_lock key that serialises the starts of real settlement runs (held for a moment). */
const SETTLEMENT_START_LOCK = 4_206_002;

/**
 * Holds, until the transaction ends, the lock under which a real run's start looks for runs in flight and records
 * its job: of two starts at once, the second finds the first.
 */
export async function lockSettlementStarts(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETTLEMENT_START_LOCK})`);
}

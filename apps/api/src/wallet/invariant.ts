import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';

export interface InvariantViolation {
  userId: number;
  availableCents: number;
  frozenCents: number;
  /** Σ complete adds − Σ complete reduces */
  completeSumCents: number;
  availableSumCents: number;
  frozenSumCents: number;
  badRecords: number;
}

export interface InvariantReport {
  ok: boolean;
  wallets: number;
  records: number;
  violations: InvariantViolation[];
}

/**
 * Checks the ledger (docs/product/wallet.md) for every wallet, or for the given users:
 * available + frozen = Σ complete adds − Σ complete reduces; available = Σ available deltas and
 * frozen = Σ frozen deltas over all records; no balance negative; every record's deltas match its
 * kind (a pending hold moves money between buckets, a complete record moves exactly its amount).
 */
export async function checkInvariant(db: DbOrTx, userIds?: number[]): Promise<InvariantReport> {
  const only = userIds ? sql`where w.user_id in (${sql.join(userIds, sql`, `)})` : sql``;
  const rows = await queryRows<Record<string, string | number | boolean>>(
    db,
    sql`
      with per_wallet as (
        select w.user_id, w.available_cents, w.frozen_cents,
          coalesce(sum(case when r.status = 1 then case when r.action = 1 then r.amount_cents else -r.amount_cents end end), 0) as complete_sum,
          coalesce(sum(r.available_delta_cents), 0) as available_sum,
          coalesce(sum(r.frozen_delta_cents), 0) as frozen_sum,
          count(r.id) as records,
          count(r.id) filter (where
            (r.status = 0 and r.available_delta_cents + r.frozen_delta_cents <> 0)
            or (r.status = 1 and r.available_delta_cents + r.frozen_delta_cents
                  <> case when r.action = 1 then r.amount_cents else -r.amount_cents end)
          ) as bad_records
        from wallets w left join wallet_records r on r.user_id = w.user_id
        ${only}
        group by w.user_id
      )
      select user_id, available_cents, frozen_cents, complete_sum, available_sum, frozen_sum, bad_records,
        records, (available_cents < 0 or frozen_cents < 0
          or available_cents + frozen_cents <> complete_sum
          or available_cents <> available_sum or frozen_cents <> frozen_sum
          or bad_records > 0) as broken
      from per_wallet`,
  );
  const violations = rows
    .filter((r) => r.broken === true || r.broken === 't')
    .map((r) => ({
      userId: Number(r.user_id),
      availableCents: Number(r.available_cents),
      frozenCents: Number(r.frozen_cents),
      completeSumCents: Number(r.complete_sum),
      availableSumCents: Number(r.available_sum),
      frozenSumCents: Number(r.frozen_sum),
      badRecords: Number(r.bad_records),
    }));
  return {
    ok: violations.length === 0,
    wallets: rows.length,
    records: rows.reduce((n, r) => n + Number(r.records), 0),
    violations,
  };
}

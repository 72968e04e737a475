import type pg from 'pg';
import { copyNumber, copyRows, copyText } from '../platform/db/copy';
import { assertPositiveCents, type LedgerKind, refusingDuplicates } from './ledger';
import { RecordAction, RecordStatus } from './wallet.schema';

/**
 * Credits to post, in record id order. The i-th is built on demand by `at(i)`, once, when its record is written
 * (a month's payouts are not held twice as credits); its member and amount, read before, without building it.
 */
export interface CopyCredits {
  count: number;
  userId(i: number): number;
  amountCents(i: number): number;
  at(i: number): CopyCredit;
}

/** A credit whose record id the caller drew (drawIds of wallet_records_id_seq), so it can link its own rows. */
export interface CopyCredit {
  id: number;
  userId: number;
  amountCents: number;
  kind: LedgerKind;
  bonusType: number | null;
  referenceType: string | null;
  referenceId: string | null;
  /** 'YYYY-MM' and the day ('YYYY-MM-DD') the entry counts for. */
  month: string;
  day: string;
  remark: string | null;
}

const RECORD_COLUMNS = [
  'id',
  'user_id',
  'amount_cents',
  'action',
  'status',
  'kind',
  'bonus_type',
  'reference_type',
  'reference_id',
  'month',
  'day',
  'remark',
  'available_delta_cents',
  'frozen_delta_cents',
  'available_after_cents',
  'frozen_after_cents',
  'to_balance_at',
] as const;

/**
 * Set-based `credit` of many entries on a server connection, inside its transaction: the same
 * postings as CREDIT_CTES, with the records written by COPY. One upsert adds each user's sum to the wallet
 * (wallets locked in user order until the transaction ends, so no other posting moves them meanwhile) and
 * returns the new balances; each record's balances after are computed from them — the wallet's new balance
 * less the user's later credits here — and the records are copied in. A wallet and its records change in
 * the caller's transaction or not at all. An entry posted before (wallet_records_once_idx) throws 409
 * 'wallet.duplicateEntry'.
 */
export async function creditByCopy(client: pg.ClientBase, credits: CopyCredits): Promise<void> {
  if (credits.count === 0) return;
  const sums = new Map<number, number>();
  for (let i = 0; i < credits.count; i++) {
    const userId = credits.userId(i);
    const amountCents = credits.amountCents(i);
    assertPositiveCents(amountCents);
    sums.set(userId, (sums.get(userId) ?? 0) + amountCents);
  }
  const users = [...sums.keys()].sort((a, b) => a - b);
  const { rows } = await client.query<{ user_id: number; available: string; frozen: string; at: string }>(
    `insert into wallets (user_id, available_cents, frozen_cents)
     select u, s, 0 from unnest($1::int[], $2::bigint[]) as t(u, s) order by u
     on conflict (user_id) do update set available_cents = wallets.available_cents + excluded.available_cents,
       updated_at = now()
     returning user_id, available_cents::text as available, frozen_cents::text as frozen, now()::text as at`,
    [users, users.map((u) => sums.get(u))],
  );
  const available = new Map(rows.map((w) => [w.user_id, Number(w.available)]));
  const frozen = new Map(rows.map((w) => [w.user_id, w.frozen]));
  const availableAfter = new Float64Array(credits.count);
  for (let i = credits.count - 1; i >= 0; i--) {
    const userId = credits.userId(i);
    availableAfter[i] = available.get(userId)!;
    available.set(userId, availableAfter[i]! - credits.amountCents(i));
  }
  const at = rows[0]!.at;
  await refusingDuplicates(() =>
    copyRows(client, 'wallet_records', RECORD_COLUMNS, credits.count, (i) => {
      const c = credits.at(i);
      const fixed = `${c.id}\t${c.userId}\t${c.amountCents}\t${RecordAction.add}\t${RecordStatus.complete}`;
      const about = `${copyText(c.kind)}\t${copyNumber(c.bonusType)}\t${copyText(c.referenceType)}\t${copyText(c.referenceId)}`;
      const when = `${copyText(c.month)}\t${copyText(c.day)}\t${copyText(c.remark)}`;
      return `${fixed}\t${about}\t${when}\t${c.amountCents}\t0\t${availableAfter[i]}\t${frozen.get(c.userId)}\t${at}`;
    }),
  );
}

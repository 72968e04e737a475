import { type MessageKey, ResultCode } from '@app/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { AppError } from '../platform/http/errors';
import { RecordAction, RecordStatus, type WalletRecordRow, wallets } from './wallet.schema';

/**
 * The ledger: the ONE way any balance changes (members, orders, bonus engine, withdrawals, transfers,
 * recharges all call `postEntry`). Each call changes one wallet and appends one `wallet_records` row in
 * the caller's transaction, so a balance never moves without its record.
 *
 * Moves (what happens to the wallet's two buckets; amounts are positive integer cents):
 * - `credit`  available += amount            record: add,    complete  (recharge, transfer_in, bonus, refund…)
 * - `debit`   available -= amount            record: reduce, complete  (transfer_out, bonus_reversal…)
 * - `freeze`  available → frozen             record: reduce, pending   (withdraw_freeze)
 * - `release` frozen → available             record: add,    pending   (withdraw_release)
 * - `payout`  frozen -= amount (leaves)      record: reduce, complete  (withdraw_paid)
 *
 * Invariant (see invariant.ts): available + frozen = Σ complete adds − Σ complete reduces, and each
 * bucket = Σ of its deltas; pending records are holds that move money between buckets only.
 *
 * Concurrency: one statement — a conditional `UPDATE … WHERE available + Δ >= 0 AND frozen + Δ >= 0`
 * feeding the record INSERT — row-locks the wallet in PostgreSQL, so it holds across any number of API processes. A move the wallet
 * cannot afford throws `AppError(400, entry.insufficientKey ?? 'wallet.insufficientBalance')` and changes
 * nothing. Posting the same (user, kind, bonusType, reference) twice throws a 409 'wallet.duplicateEntry'.
 * Both errors abort the caller's transaction, as they should.
 */
export type LedgerMove = 'credit' | 'debit' | 'freeze' | 'release' | 'payout';

export type LedgerKind =
  | 'recharge'
  | 'withdraw_freeze'
  | 'withdraw_release'
  | 'withdraw_paid'
  | 'transfer_in'
  | 'transfer_out'
  | 'bonus'
  | 'bonus_reversal'
  | 'refund'
  | 'adjustment';

export interface LedgerEntry {
  userId: number;
  /** Positive integer cents. */
  amountCents: number;
  move: LedgerMove;
  kind: LedgerKind;
  /** What caused it, e.g. { type: 'order', id: 'O100000123' }, { type: 'withdrawal', id: 42 }. */
  reference?: { type: string; id: string | number };
  remark?: string | null;
  /** Bonus type key 1–21 for kind 'bonus' / 'bonus_reversal'. */
  bonusType?: number | null;
  /** Period the entry counts for; default: the posting date (UTC). */
  month?: string;
  day?: string;
  /** Message when the wallet cannot afford the move (default 'wallet.insufficientBalance'). */
  insufficientKey?: MessageKey;
}

const MOVES: Record<LedgerMove, { action: number; status: number; available: number; frozen: number }> = {
  credit: { action: RecordAction.add, status: RecordStatus.complete, available: 1, frozen: 0 },
  debit: { action: RecordAction.reduce, status: RecordStatus.complete, available: -1, frozen: 0 },
  freeze: { action: RecordAction.reduce, status: RecordStatus.pending, available: -1, frozen: 1 },
  release: { action: RecordAction.add, status: RecordStatus.pending, available: 1, frozen: -1 },
  payout: { action: RecordAction.reduce, status: RecordStatus.complete, available: 0, frozen: -1 },
};

export async function postEntry(db: DbOrTx, entry: LedgerEntry): Promise<WalletRecordRow> {
  if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0)
    throw new Error(`ledger amount must be positive integer cents, got ${entry.amountCents}`);
  const move = MOVES[entry.move];
  const day = entry.day ?? (entry.month ? `${entry.month}-01` : new Date().toISOString().slice(0, 10));
  const record = {
    userId: entry.userId,
    amountCents: entry.amountCents,
    action: move.action,
    status: move.status,
    kind: entry.kind,
    bonusType: entry.bonusType ?? null,
    referenceType: entry.reference?.type ?? null,
    referenceId: entry.reference ? String(entry.reference.id) : null,
    month: entry.month ?? day.slice(0, 7),
    day,
    remark: entry.remark ?? null,
    availableDeltaCents: move.available * entry.amountCents,
    frozenDeltaCents: move.frozen * entry.amountCents,
    toBalanceAt: move.status === RecordStatus.complete ? new Date() : null,
  };
  let rows: Array<Record<string, unknown>>;
  try {
    rows = await queryRows(db, postingStatement(record));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ResultCode.CONFLICT, 'wallet.duplicateEntry');
    throw error;
  }
  const [row] = rows;
  if (!row) throw new AppError(ResultCode.BAD_REQUEST, entry.insufficientKey ?? 'wallet.insufficientBalance');
  return {
    ...record,
    id: Number(row.id),
    walletRecordNo: String(row.wallet_record_no),
    availableAfterCents: Number(row.available_after_cents),
    frozenAfterCents: Number(row.frozen_after_cents),
    createdAt: new Date(row.created_at as string),
  };
}

type PendingRecord = Omit<
  WalletRecordRow,
  'id' | 'walletRecordNo' | 'availableAfterCents' | 'frozenAfterCents' | 'createdAt'
>;

/**
 * One statement (one round trip): change the wallet's buckets if neither goes negative — a conditional
 * UPDATE, or an upsert creating the wallet on a first credit — and append the record carrying the
 * balances after it. When the wallet cannot afford it, nothing is inserted and no row comes back.
 */
function postingStatement(r: PendingRecord): SQL {
  const dA = r.availableDeltaCents;
  const dF = r.frozenDeltaCents;
  const change =
    dA >= 0 && dF >= 0
      ? sql`insert into wallets (user_id, available_cents, frozen_cents) values (${r.userId}, ${dA}, ${dF})
          on conflict (user_id) do update set available_cents = wallets.available_cents + ${dA},
            frozen_cents = wallets.frozen_cents + ${dF}, updated_at = now()
          returning available_cents, frozen_cents`
      : sql`update wallets set available_cents = available_cents + ${dA},
            frozen_cents = frozen_cents + ${dF}, updated_at = now()
          where user_id = ${r.userId} and available_cents + ${dA} >= 0 and frozen_cents + ${dF} >= 0
          returning available_cents, frozen_cents`;
  return sql`with w as (${change})
    insert into wallet_records (user_id, amount_cents, action, status, kind, bonus_type, reference_type,
      reference_id, month, day, remark, available_delta_cents, frozen_delta_cents, available_after_cents,
      frozen_after_cents, to_balance_at)
    select ${r.userId}, ${r.amountCents}, ${r.action}, ${r.status}, ${r.kind}, ${r.bonusType}::smallint,
      ${r.referenceType}, ${r.referenceId}, ${r.month}, ${r.day}::date, ${r.remark}, ${dA}, ${dF},
      w.available_cents, w.frozen_cents, ${r.toBalanceAt?.toISOString() ?? null}::timestamptz
    from w
    returning id, wallet_record_no, available_after_cents, frozen_after_cents, created_at`;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

/** Current balances of a user (zeros when the wallet was never credited). */
export async function walletBalance(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ availableCents: wallets.availableCents, frozenCents: wallets.frozenCents })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row ?? { availableCents: 0, frozenCents: 0 };
}

import { dayIn, type MessageKey, ResultCode } from '@app/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { businessTimeZone } from '../platform/business-time/business-time';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { hasSqlState, UNIQUE_VIOLATION } from '../platform/db/errors';
import { preparedPerHandle } from '../platform/db/prepared';
import { AppError } from '../platform/http/errors';
import { RecordAction, RecordStatus, type WalletRecordRow, wallets } from './wallet.schema';

/**
 * The ledger: the ONE way any balance changes. Members, orders, the bonus engine's single payouts and reversals,
 * withdrawals and recharges call `postEntry` (the SQL function `ledger_post`); transfers call `wallet_transfer`
 * (transfers.service.ts), which posts both sides through `ledger_post`; bonus settlement credits in bulk through
 * `CREDIT_CTES`, or on PostgreSQL through `creditByCopy` of credit-copy.ts. The SQL functions are declared in
 * ledger.sql.ts. No other file writes `wallets` or `wallet_records` (ledger-writers.unit.test.ts). Each posting
 * changes the wallet and appends one `wallet_records` row per entry in the caller's transaction, so a balance never
 * moves without its record. An entry counts for the day of the business time zone unless it names its own.
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
 * Concurrency: a posting (the SQL function `ledger_post`, ledger.sql.ts) is a
 * conditional `UPDATE … WHERE available + Δ >= 0 AND frozen + Δ >= 0` then the record INSERT; it row-locks
 * the wallet in PostgreSQL, so it holds across any number of API processes. A move the wallet
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
  /** Period the entry counts for; default: the posting date in the business time zone. */
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
  const day =
    entry.day ?? (entry.month ? `${entry.month}-01` : dayIn(new Date(), await businessTimeZone(db)));
  const r = pendingRecord({ ...entry, day }, MOVES[entry.move]);
  const [row] = await postingRows(
    db,
    sql`select * from ledger_post(${r.userId}::int, ${r.amountCents}::bigint, ${r.action}::smallint,
      ${r.status}::smallint, ${r.kind}::text, ${r.bonusType}::smallint, ${r.referenceType}::text,
      ${r.referenceId}::text, ${r.month}::text, ${r.day}::date, ${r.remark}::text,
      ${r.availableDeltaCents}::bigint, ${r.frozenDeltaCents}::bigint)`,
  );
  if (row?.id == null)
    throw new AppError(ResultCode.BAD_REQUEST, entry.insufficientKey ?? 'wallet.insufficientBalance');
  return {
    ...r,
    id: Number(row.id),
    walletRecordNo: String(row.wallet_record_no),
    availableAfterCents: Number(row.available_after_cents),
    frozenAfterCents: Number(row.frozen_after_cents),
    toBalanceAt: row.to_balance_at == null ? null : new Date(row.to_balance_at as string),
    createdAt: new Date(row.created_at as string),
  };
}

/** SQL drawing a new wallet record id, for a caller that links its rows to the records CREDIT_CTES posts. */
export const nextRecordId = sql`nextval('wallet_records_id_seq')`;

type PendingRecord = Omit<
  WalletRecordRow,
  'id' | 'walletRecordNo' | 'availableAfterCents' | 'frozenAfterCents' | 'createdAt' | 'toBalanceAt'
>;

/** Guards against a caller's bug (inputs are validated long before): amounts are positive integer cents. */
export function assertPositiveCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
    throw new Error(`ledger amount must be positive integer cents, got ${amountCents}`);
}

function pendingRecord(
  entry: Omit<LedgerEntry, 'move'> & { day: string },
  move: (typeof MOVES)[LedgerMove],
): PendingRecord {
  assertPositiveCents(entry.amountCents);
  const { day } = entry;
  return {
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
  };
}

/** Runs a posting statement; a unique violation (an entry already posted) becomes 409 duplicateEntry. */
export const postingRows = (db: DbOrTx, statement: SQL) => refusingDuplicates(() => queryRows(db, statement));

/** Runs a posting; a unique violation (an entry already posted) becomes 409 duplicateEntry. */
export async function refusingDuplicates<T>(posting: () => Promise<T>): Promise<T> {
  try {
    return await posting();
  } catch (error) {
    if (hasSqlState(error, UNIQUE_VIOLATION))
      throw new AppError(ResultCode.CONFLICT, 'wallet.duplicateEntry');
    throw error;
  }
}

/**
 * Set-based `credit` of many entries (settlement pays millions), as the part of ONE statement that follows
 * a CTE `e` of entries (id — the record's id, drawn by the caller with nextRecordId so it can link its own
 * rows, user_id, amount_cents, kind, bonus_type, reference_type, reference_id, month, day, remark) in its
 * `with` list: `w` adds each user's sum to the wallet (an upsert, wallets locked in user order); `r` gives
 * each record its balances after — wallet after − the user's later credits in the statement (a window in
 * id order), so each user's last record carries the wallet's new balance, exactly as if posted one by one
 * with postEntry; then one complete record per entry is inserted. An entry posted before — or twice in the
 * statement — violates wallet_records_once_idx (see postingRows).
 */
export const CREDIT_CTES = sql`w as (
      insert into wallets (user_id, available_cents, frozen_cents)
      select user_id, sum(amount_cents), 0 from e group by user_id order by user_id
      on conflict (user_id) do update set available_cents = wallets.available_cents + excluded.available_cents,
        updated_at = now()
      returning user_id, available_cents, frozen_cents
    ), r as (
      select e.*, w.frozen_cents as frozen_after, w.available_cents
          - sum(e.amount_cents) over (partition by e.user_id order by e.id rows between current row and unbounded following)
          + e.amount_cents as available_after
      from e join w using (user_id)
    ), ins as (
      insert into wallet_records (id, user_id, amount_cents, action, status, kind, bonus_type, reference_type,
        reference_id, month, day, remark, available_delta_cents, frozen_delta_cents, available_after_cents,
        frozen_after_cents, to_balance_at)
      select id, user_id, amount_cents, ${sql.raw(`${MOVES.credit.action}, ${MOVES.credit.status}`)}, kind, bonus_type,
        reference_type, reference_id, month, day, remark, amount_cents, 0, available_after, frozen_after, now()
      from r order by id
    )`;

/** Deletes a member's wallet that never had a record (a member being deleted); one with records stays. */
export async function dropUnusedWallet(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(
    sql`delete from wallets w where w.user_id = ${userId}
        and not exists (select 1 from wallet_records r where r.user_id = w.user_id)`,
  );
}

/** The wallet summary is the hottest read of a member (docs/performance/reads.md): one prepared statement. */
const balanceQuery = preparedPerHandle((db) =>
  db
    .select({ availableCents: wallets.availableCents, frozenCents: wallets.frozenCents })
    .from(wallets)
    .where(eq(wallets.userId, sql.placeholder('userId')))
    .prepare('wallet_balance'),
);

/** The balances of a wallet never credited. */
export const NO_WALLET = Object.freeze({ availableCents: 0, frozenCents: 0 });

/** Current balances of a user (zeros when the wallet was never credited). */
export async function walletBalance(db: DbOrTx, userId: number) {
  const [row] = await balanceQuery(db).execute({ userId });
  return row ?? NO_WALLET;
}

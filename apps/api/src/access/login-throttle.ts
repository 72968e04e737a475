import { ResultCode } from '@app/contracts';
import { and, eq, isNull, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { ago } from '../platform/db/ago';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { AppError } from '../platform/http/errors';
import { loginAttempts } from './access.schema';

/**
 * Failed sign-ins are counted per account from one client address (the account, whichever of its name
 * or e-mail was typed; a name that is no account counts the same way, so the throttle does not tell
 * which names exist) and per address over all accounts. Past an allowance every further failure makes
 * that key wait longer: firstLockMinutes, doubled each time, at most maxLockMinutes. The right password
 * clears the account's count for that address; other addresses never wait for this one's failures, so
 * an attacker cannot lock the owner out. Failures are forgotten windowHours after the first of them.
 */
export const THROTTLE = {
  perAccount: 5,
  perIp: 30,
  firstLockMinutes: 1,
  maxLockMinutes: 15,
  windowHours: 24,
} as const;

export interface AttemptKeys {
  /** The account (or the unknown name typed) from this address. */
  account: string;
  address: string;
}

export function attemptKeys(ip: string, who: { userId: number } | { unknownName: string }): AttemptKeys {
  const account = 'userId' in who ? `user:${who.userId}` : `name:${who.unknownName.toLowerCase()}`;
  return { account: `${account}@${ip}`, address: `ip:${ip}` };
}

/**
 * Checks a password under the throttle: refused (429) while its account from this address, or the address,
 * waits; else `check` runs, and only an attempt that fails is counted (the right password clears the account's
 * count for this address). Attempts of this process on a key are checked together only while the key's failures
 * and its attempts being checked stay within its allowance; the next wait for one of them to end and look again:
 * of guesses sent at once no more are tried than the allowance leaves, and right passwords sent at once all pass.
 * Failures are rows in the database, so every API process sees them (each admits its own attempts so).
 */
export async function checkThrottled(
  db: DbOrTx,
  keys: AttemptKeys,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const end = await admit(db, keys);
  try {
    const right = await check();
    if (right) await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.account));
    else await recordFailure(db, keys);
    return right;
  } finally {
    end();
  }
}

/** Lifts every address's wait for one account (after an operator resets its password). */
export async function clearAccountFailures(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(loginAttempts).where(like(loginAttempts.key, `user:${userId}@%`));
}

/** A window that started before this is over: its failures count for nothing. */
const windowStaleBefore = () => ago({ hours: THROTTLE.windowHours });

/**
 * Forgets the keys whose failures are past their window and that wait for nothing: they count as no
 * failure already, but each name a client made up would otherwise keep its row for good.
 */
export async function forgetStaleAttempts(db: DbOrTx): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(
      and(
        lt(loginAttempts.windowStart, windowStaleBefore()),
        or(isNull(loginAttempts.lockedUntil), lte(loginAttempts.lockedUntil, sql`now()`)),
      ),
    );
}

const tooMany = (minutes: number) =>
  new AppError(ResultCode.TOO_MANY_REQUESTS, 'access.tooManyAttempts', { count: minutes });

/** Attempts of this process being checked, per key, and the attempts waiting for one of them to end. */
const checking = new Map<string, number>();
const waiting = new Map<string, Set<() => void>>();
/** Checks of this process ended so far: an attempt that saw one end while it read the failures reads again. */
let ended = 0;

/** Waits for room among the keys' attempts being checked (refused while a key waits); answers the attempt's end. */
async function admit(db: DbOrTx, keys: AttemptKeys): Promise<() => void> {
  const allowances: Array<[string, number]> = [
    [keys.account, THROTTLE.perAccount],
    [keys.address, THROTTLE.perIp],
  ];
  for (;;) {
    const seen = ended;
    const failures = await failuresOf(db, keys);
    if (ended !== seen) continue;
    const room = allowances.every(
      ([key, allowance]) => (checking.get(key) ?? 0) < Math.max(1, allowance - (failures.get(key) ?? 0)),
    );
    if (room) {
      for (const [key] of allowances) checking.set(key, (checking.get(key) ?? 0) + 1);
      return () => endCheck(allowances.map(([key]) => key));
    }
    await new Promise<void>((resolve) => {
      for (const [key] of allowances) waiting.set(key, (waiting.get(key) ?? new Set()).add(resolve));
    });
  }
}

function endCheck(keys: string[]): void {
  ended++;
  for (const key of keys) {
    const left = (checking.get(key) ?? 1) - 1;
    if (left > 0) checking.set(key, left);
    else checking.delete(key);
    for (const resume of waiting.get(key) ?? []) resume();
    waiting.delete(key);
  }
}

/** The failures counted in each key's window; refuses (429) while either key waits. */
async function failuresOf(db: DbOrTx, keys: AttemptKeys): Promise<Map<string, number>> {
  const rows = await queryRows<{ key: string; failures: number; minutes: number | null }>(
    db,
    sql`select key,
          case when window_start < ${windowStaleBefore()} then 0 else failures end as failures,
          case when locked_until > now() then ceil(extract(epoch from locked_until - now()) / 60)::int end as minutes
        from login_attempts where key in (${keys.address}, ${keys.account})`,
  );
  const waits = rows.flatMap((row) => (row.minutes === null ? [] : [row.minutes]));
  if (waits.length > 0) throw tooMany(Math.max(1, ...waits));
  return new Map(rows.map((row) => [row.key, row.failures]));
}

/** A failed attempt, counted against the account from its address and against the address. */
async function recordFailure(db: DbOrTx, keys: AttemptKeys): Promise<void> {
  await addFailure(db, keys.address, THROTTLE.perIp);
  await addFailure(db, keys.account, THROTTLE.perAccount);
}

/**
 * One request of a kind that is limited rather than refused for being wrong (a password reset mail): counted
 * against the address, then the account, each of which waits once past its allowance as failed sign-ins make a key
 * wait; refused (429) while either waits. Counting and checking are one statement per key, so requests sent at
 * once are admitted no further than the allowance.
 */
export async function countRequest(
  db: DbOrTx,
  keys: AttemptKeys,
  allowance: { account: number; address: number },
): Promise<void> {
  for (const [key, limit] of [
    [keys.address, allowance.address],
    [keys.account, allowance.account],
  ] as const) {
    if (await addFailure(db, key, limit)) continue;
    const [wait] = await queryRows<{ minutes: number }>(
      db,
      sql`select ceil(extract(epoch from locked_until - now()) / 60)::int as minutes from login_attempts
          where key = ${key}`,
    );
    throw tooMany(Math.max(1, wait?.minutes ?? 1));
  }
}

/**
 * Adds one failure to `key`, and makes it wait once past its allowance; answers false, counting nothing, while the
 * key waits already.
 */
async function addFailure(db: DbOrTx, key: string, allowance: number): Promise<boolean> {
  const stale = sql`a.window_start < ${windowStaleBefore()}`;
  const next = sql`case when ${stale} then 1 else a.failures + 1 end`;
  const counted = await queryRows(
    db,
    sql`insert into login_attempts as a (key, failures, window_start, locked_until)
        values (${key}, 1, now(), ${lockedUntil(sql`1`, allowance)})
        on conflict (key) do update set
          failures = ${next},
          window_start = case when ${stale} then now() else a.window_start end,
          locked_until = ${lockedUntil(next, allowance)}
        where a.locked_until is null or a.locked_until <= now()
        returning 1`,
  );
  return counted.length > 0;
}

/** When the key's wait ends after `failures` attempts: none within the allowance, then growing. */
function lockedUntil(failures: SQL, allowance: number) {
  const [first, max, limit] = [THROTTLE.firstLockMinutes, THROTTLE.maxLockMinutes, allowance]
    .map(String)
    .map(sql.raw);
  return sql`case when ${failures} >= ${limit}
    then now() + least(${max}, ${first} * power(2::float8, least(${failures} - ${limit}, 16))) * interval '1 minute'
    end`;
}

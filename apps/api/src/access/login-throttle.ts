import { ResultCode } from '@app/contracts';
import { and, eq, isNull, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { ago } from '../platform/db/ago';
import { type DbOrTx, queryRows } from '../platform/db/client';
import { AppError } from '../platform/http/errors';
import { loginAttempts } from './access.schema';

/**
 * Sign-in attempts are counted per account from one client address (the account, whichever of its name
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
 * Counts this attempt before the password is checked, or refuses it (429) while its account-from-address or
 * its address waits. Counting first, in one statement per key, stops parallel attempts from all passing a
 * check made before any of them failed. State is in the database so it holds across API processes.
 */
export async function claimAttempt(db: DbOrTx, keys: AttemptKeys): Promise<void> {
  const addressWait = await claim(db, keys.address, THROTTLE.perIp);
  if (addressWait) throw tooMany(addressWait);
  const accountWait = await claim(db, keys.account, THROTTLE.perAccount);
  if (!accountWait) return;
  await releaseAddress(db, keys.address);
  throw tooMany(accountWait);
}

/** The right password: the account's count for this address is cleared, and the address's claim given back. */
export async function attemptSucceeded(db: DbOrTx, keys: AttemptKeys): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.account));
  await releaseAddress(db, keys.address);
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

/** Adds one attempt to `key` unless it waits; answers the minutes left to wait, or 0 when counted. */
async function claim(db: DbOrTx, key: string, allowance: number): Promise<number> {
  const stale = sql`a.window_start < ${windowStaleBefore()}`;
  const next = sql`case when ${stale} then 1 else a.failures + 1 end`;
  const counted = await queryRows<{ failures: number }>(
    db,
    sql`insert into login_attempts as a (key, failures, window_start, locked_until)
        values (${key}, 1, now(), ${lockedUntil(sql`1`, allowance)})
        on conflict (key) do update set
          failures = ${next},
          window_start = case when ${stale} then now() else a.window_start end,
          locked_until = ${lockedUntil(next, allowance)}
        where a.locked_until is null or a.locked_until <= now()
        returning a.failures`,
  );
  if (counted.length > 0) return 0;
  const [waiting] = await queryRows<{ minutes: number }>(
    db,
    sql`select ceil(extract(epoch from locked_until - now()) / 60)::int as minutes from login_attempts where key = ${key}`,
  );
  return Math.max(1, waiting?.minutes ?? 1);
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

/** Gives back an attempt counted against the address that turned out not to be a failure. */
async function releaseAddress(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(loginAttempts)
    .set({
      failures: sql`greatest(${loginAttempts.failures} - 1, 0)`,
      lockedUntil: sql`case when ${loginAttempts.failures} - 1 >= ${sql.raw(String(THROTTLE.perIp))} then ${loginAttempts.lockedUntil} end`,
    })
    .where(eq(loginAttempts.key, key));
}

import { ResultCode } from '@app/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client';
import { AppError } from '../platform/http/errors';
import { loginAttempts } from './access.schema';

/** Failed sign-ins allowed per window, per account and per client address. */
export const THROTTLE = { windowMinutes: 15, perAccount: 5, perIp: 30 } as const;

const keysFor = (account: string, ip: string) => ({
  account: `acct:${account.toLowerCase()}`,
  ip: `ip:${ip}`,
});

/** Refuses the attempt when the account or the address used up its failures; kept in the database so it holds across API processes. */
export async function assertNotThrottled(db: DbOrTx, account: string, ip: string): Promise<void> {
  const keys = keysFor(account, ip);
  const rows = await db
    .select()
    .from(loginAttempts)
    .where(inArray(loginAttempts.key, [keys.account, keys.ip]));
  const windowStart = Date.now() - THROTTLE.windowMinutes * 60_000;
  for (const row of rows) {
    if (row.windowStart.getTime() < windowStart) continue;
    const limit = row.key === keys.account ? THROTTLE.perAccount : THROTTLE.perIp;
    if (row.failures >= limit) {
      const minutes = Math.max(1, Math.ceil((row.windowStart.getTime() - windowStart) / 60_000));
      throw new AppError(ResultCode.TOO_MANY_REQUESTS, 'access.tooManyAttempts', { minutes });
    }
  }
}

export async function recordFailure(db: DbOrTx, account: string, ip: string): Promise<void> {
  const keys = keysFor(account, ip);
  const windowInterval = sql.raw(`interval '${THROTTLE.windowMinutes} minutes'`);
  for (const key of [keys.account, keys.ip]) {
    await db
      .insert(loginAttempts)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginAttempts.key,
        set: {
          failures: sql`case when ${loginAttempts.windowStart} < now() - ${windowInterval} then 1 else ${loginAttempts.failures} + 1 end`,
          windowStart: sql`case when ${loginAttempts.windowStart} < now() - ${windowInterval} then now() else ${loginAttempts.windowStart} end`,
        },
      });
  }
}

export async function clearFailures(db: DbOrTx, account: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keysFor(account, '').account));
}

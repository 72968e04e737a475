import { createHash, randomBytes } from 'node:crypto';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@app/contracts';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { users } from '../members/members.schema';
import { audit } from '../platform/audit/audit';
import type { AccountCaller, Caller } from '../platform/caller';
import type { Db, DbOrTx } from '../platform/db/client';
import { conflict, fieldError, notFound } from '../platform/http/errors';
import { loginAttempts } from './access.schema';
import { type AttemptKeys, attemptKeys, checkThrottled } from './login-throttle';
import { verifyPassword } from './passwords';
import { recoveryCodes, twoFactorSecrets } from './two-factor.schema';

/**
 * Two-factor sign-in (docs/product/access.md, "Two-factor sign-in"): TOTP codes of RFC 6238 (SHA-1, 6 digits,
 * 30 s), as every authenticator app makes them, or single-use recovery codes. A code is accepted one step either
 * side of the server's clock, and never again once a code of its step (or a later one) was accepted.
 */
export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now whose codes are accepted: the drift allowed between the phone's clock and ours. */
const DRIFT_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Back-office';

const totpOf = (secret: string, account: string) =>
  new TOTP({
    issuer: ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** The time step `code` is the secret's code of, within the drift allowed of `now`; null when it is none. */
export function stepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** What is typed, without the spaces and dashes an app or a printed list shows in it. */
const bare = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const isAppCode = (code: string) => /^[0-9]{6}$/.test(code);
const digest = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Codes are throttled as passwords are (login-throttle.ts), per account from every address (the code is asked only
 * of whoever gave the right password) and per address; a right password does not lift a code's wait.
 */
const codeKeys = (userId: number, address: string | null): AttemptKeys => ({
  account: `code:user:${userId}`,
  address: attemptKeys(address ?? 'unknown', { userId }).address,
});

/** Ten codes of ten letters and digits, written `xxxxx-xxxxx`. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

async function secretOf(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  return row;
}

export async function twoFactorStatus(
  db: DbOrTx,
  caller: AccountCaller,
  adminTwoFactor: boolean,
): Promise<TwoFactorStatus> {
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, caller.id), isNull(recoveryCodes.usedAt)));
  return {
    enabled: caller.twoFactor,
    required: adminTwoFactor && caller.isAdmin,
    recovery_codes_left: caller.twoFactor ? (left?.n ?? 0) : 0,
  };
}

/** Starts (or starts again) the set-up: a new secret waits for its first code. Refused while 2FA is on. */
export async function beginSetUp(db: DbOrTx, caller: AccountCaller): Promise<TwoFactorSetup> {
  const secret = new Secret({ size: 20 }).base32;
  const [row] = await db
    .insert(twoFactorSecrets)
    .values({ userId: caller.id, secret })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret, lastStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorSecrets.enabledAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  if (!row) throw conflict('access.twoFactorAlreadyOn');
  const uri = totpOf(secret, caller.name).toString();
  return { secret, otpauth_uri: uri, qr_image: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** Turns 2FA on with the first right code of the secret set up; answers the recovery codes, shown this once. */
export async function confirmSetUp(db: Db, caller: AccountCaller, code: string): Promise<RecoveryCodes> {
  const pending = await secretOf(db, caller.id);
  if (pending?.enabledAt) throw conflict('access.twoFactorAlreadyOn');
  if (!pending) throw conflict('access.twoFactorNoSetup');
  let step: number | null = null;
  const right = await checkThrottled(db, codeKeys(caller.id, caller.origin), async () => {
    step = stepOf(pending.secret, bare(code));
    return step !== null;
  });
  if (!right) throw fieldError('code', 'access.twoFactorWrongCode');
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(twoFactorSecrets)
      .set({ enabledAt: new Date(), lastStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, caller.id),
          eq(twoFactorSecrets.secret, pending.secret),
          isNull(twoFactorSecrets.enabledAt),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    if (!enabled) throw conflict('access.twoFactorNoSetup');
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, caller.id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: caller.id, codeHash: digest(bare(c)) })));
    await audit(tx, caller, twoFactorChange(caller.id, true));
  });
  return { recovery_codes: codes };
}

/**
 * Takes a second factor of an account with 2FA on, under the throttle: a code of its app not used before (its step
 * is recorded, so it is never accepted again), or an unused recovery code (marked used). False when neither.
 */
export async function acceptSecondFactor(
  db: DbOrTx,
  userId: number,
  code: string,
  address: string | null,
): Promise<boolean> {
  const typed = bare(code);
  return checkThrottled(db, codeKeys(userId, address), async () => {
    if (!isAppCode(typed)) {
      const used = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, digest(typed)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ userId: recoveryCodes.userId });
      return used.length > 0;
    }
    const row = await secretOf(db, userId);
    const step = row?.enabledAt ? stepOf(row.secret, typed) : null;
    if (step === null) return false;
    const taken = await db
      .update(twoFactorSecrets)
      .set({ lastStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          or(isNull(twoFactorSecrets.lastStep), lt(twoFactorSecrets.lastStep, step)),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return taken.length > 0;
  });
}

/**
 * Turns the caller's 2FA off: their password and a code (or a recovery code), each checked under its throttle.
 * Not for an administrator while ADMIN_2FA=required (`adminTwoFactor`): they would be sent to set it up again.
 */
export async function disableTwoFactor(
  db: Db,
  caller: AccountCaller,
  { password, code }: { password: string; code: string },
  adminTwoFactor: boolean,
): Promise<void> {
  if (!caller.twoFactor) throw conflict('access.twoFactorNotOn');
  if (adminTwoFactor && caller.isAdmin) throw conflict('access.twoFactorRequiredStays');
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
  if (!row) throw notFound('access.userDataNotFound');
  const keys = attemptKeys(caller.origin ?? 'unknown', { userId: caller.id });
  if (!(await checkThrottled(db, keys, () => verifyPassword(password, row.hash))))
    throw fieldError('password', 'access.wrongPassword');
  if (!(await acceptSecondFactor(db, caller.id, code, caller.origin)))
    throw fieldError('code', 'access.twoFactorWrongCode');
  await db.transaction((tx) => removeSecondFactor(tx, caller, caller.id));
}

/**
 * An administrator holding Reset two-factor sign-in (Perm 26) takes a member's second factor away (a lost phone):
 * the member signs in with the password alone until they set it up again. Audited; lifts the codes' wait.
 */
export async function resetMemberTwoFactor(db: Db, actor: Caller, memberId: number): Promise<void> {
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.isAdmin, false)));
  if (!member) throw notFound('access.userNotFound');
  await db.transaction(async (tx) => {
    if (!(await removeSecondFactor(tx, actor, memberId))) throw conflict('access.twoFactorNotOn');
    await clearCodeFailures(tx, memberId);
  });
}

/** Removes the account's secret and recovery codes, audited when 2FA was on; answers whether it was. */
async function removeSecondFactor(tx: DbOrTx, actor: Caller, userId: number): Promise<boolean> {
  const [removed] = await tx
    .delete(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId))
    .returning({ enabledAt: twoFactorSecrets.enabledAt });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (!removed?.enabledAt) return false;
  await audit(tx, actor, twoFactorChange(userId, false));
  return true;
}

const twoFactorChange = (userId: number, on: boolean) =>
  ({
    action: on ? 'create' : 'delete',
    entity: 'user.two_factor',
    entityId: userId,
    [on ? 'after' : 'before']: { twoFactor: true },
  }) as const;

async function clearCodeFailures(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, codeKeys(userId, null).account));
}

import type { DeviceKind, SessionView } from '@app/contracts';
import Bowser from 'bowser';
import { and, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { type AccountCaller, type CallSource, UNKNOWN_SOURCE } from '../platform/caller';
import type { DbOrTx } from '../platform/db/client';
import type { TokenService } from '../platform/http/tokens';
import { userSessions } from './sessions.schema';

/**
 * Signed-in sessions (docs/product/access.md, "Sessions"). A sign-in adds a row and its token names it; every
 * authenticated request reads the row with its caller (one statement, caller.ts), so ending a session is deleting
 * its row and takes effect on every API process at once. A logout, a password change or reset and disabling an
 * account end sessions through `endSessions`.
 */

/** "Last seen" moves at most this often per session: a request writes only when it is older. */
export const SEEN_EVERY_SECONDS = 60;

/** Starts a session of `userId` from `source` for `ttlSeconds` (its token's life); answers its id. */
export async function startSession(
  db: DbOrTx,
  userId: number,
  source: CallSource,
  ttlSeconds: number,
): Promise<string> {
  const [row] = await db
    .insert(userSessions)
    .values({
      userId,
      userAgent: source.userAgent?.slice(0, 500) ?? null,
      address: source.origin,
      expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
    })
    .returning({ id: userSessions.id });
  return row!.id;
}

/** A new session of `userId` and its access token: a sign-in's end (or a benchmark's, without the password step). */
export async function sessionToken(
  db: DbOrTx,
  tokens: TokenService,
  userId: number,
  source: CallSource = UNKNOWN_SOURCE,
): Promise<string> {
  const sessionId = await startSession(db, userId, source, tokens.ttlSeconds);
  return tokens.sign({ userId, sessionId });
}

/**
 * Ends every session of `userId`, or every one but `except` (the caller's own, after they changed their password);
 * answers how many ended. Call it in the transaction of the change that ends them.
 */
export async function endSessions(
  db: DbOrTx,
  userId: number,
  { except }: { except?: string | null } = {},
): Promise<number> {
  const ended = await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), except ? ne(userSessions.id, except) : undefined))
    .returning({ id: userSessions.id });
  return ended.length;
}

/** Ends one session of `userId`; false when it had ended already (or is another account's). */
export async function endSession(db: DbOrTx, userId: number, sessionId: string): Promise<boolean> {
  const ended = await db
    .delete(userSessions)
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId)))
    .returning({ id: userSessions.id });
  return ended.length > 0;
}

/** Marks the session seen now from `address` (the caller's check found it seen over a minute ago). */
export async function touchSession(db: DbOrTx, sessionId: string, address: string | null): Promise<void> {
  await db
    .update(userSessions)
    .set({ lastSeenAt: sql`now()`, address })
    .where(eq(userSessions.id, sessionId));
}

/** The caller's live sessions, the latest seen first, each with its device read from the user agent. */
export async function listSessions(db: DbOrTx, caller: AccountCaller): Promise<SessionView[]> {
  const rows = await db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, caller.id), gt(userSessions.expiresAt, sql`now()`)))
    .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    ...deviceOf(row.userAgent),
    address: row.address,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.id === caller.sessionId,
  }));
}

const DEVICE_KINDS: Record<string, DeviceKind> = { desktop: 'desktop', mobile: 'mobile', tablet: 'tablet' };

/** Browser, system and kind of device a user agent names (what it does not name is null, or 'other'). */
export function deviceOf(userAgent: string | null): Pick<SessionView, 'browser' | 'os' | 'device'> {
  if (!userAgent) return { browser: null, os: null, device: 'other' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const named = (name: string | undefined, version: string | undefined, parts: number) =>
    name ? [name, version?.split('.').slice(0, parts).join('.')].filter(Boolean).join(' ') : null;
  return {
    browser: named(browser.name, browser.version, 1),
    os: named(os.name, os.versionName ?? os.version, 2),
    device: DEVICE_KINDS[platform.type ?? ''] ?? 'other',
  };
}

/** Forgets sessions whose token has expired (housekeeping): they are refused already. */
export async function forgetExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(userSessions).where(lte(userSessions.expiresAt, sql`now()`));
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { verifyPassword } from '../access/passwords';
import { users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { DEMO_LOGINS } from './demo';

export type DemoLogin = (typeof DEMO_LOGINS)[number];

/**
 * Whether this database holds the demo data set (its accounts, with their `@demo.local` addresses), and
 * which published demo logins still open an account here: the start-up banner shows only those. Checking a
 * password is a scrypt hash of about half a second, so `logins` is a promise of their checks, run together: a start
 * serves meanwhile and prints its banner when they are done.
 */
export async function demoAccounts(db: DbOrTx): Promise<{ present: boolean; logins: Promise<DemoLogin[]> }> {
  const rows = await db
    .select({ name: users.name, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        inArray(
          users.name,
          DEMO_LOGINS.map((l) => l.account),
        ),
        eq(users.email, sql`${users.name} || '@demo.local'`),
      ),
    );
  const opens = async (login: DemoLogin) => {
    const row = rows.find((r) => r.name === login.account);
    return row !== undefined && (await verifyPassword(login.password, row.passwordHash));
  };
  const logins = Promise.all(DEMO_LOGINS.map(opens)).then((open) => DEMO_LOGINS.filter((_, i) => open[i]));
  // Awaited by the caller once it serves; a start that fails before then must not end on an unhandled rejection.
  logins.catch(() => {});
  return { present: rows.length > 0, logins };
}

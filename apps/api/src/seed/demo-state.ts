import { and, eq, inArray, sql } from 'drizzle-orm';
import { verifyPassword } from '../access/passwords';
import { users } from '../members/members.schema';
import type { DbOrTx } from '../platform/db/client';
import { DEMO_LOGINS } from './demo';

export type DemoLogin = (typeof DEMO_LOGINS)[number];

/**
 * Whether this database holds the demo data set (its accounts, with their `@demo.local` addresses), and
 * which published demo logins still open an account here: the start-up banner shows only those.
 */
export async function demoAccounts(db: DbOrTx): Promise<{ present: boolean; logins: DemoLogin[] }> {
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
  const logins: DemoLogin[] = [];
  for (const login of DEMO_LOGINS) {
    const row = rows.find((r) => r.name === login.account);
    if (row && (await verifyPassword(login.password, row.passwordHash))) logins.push(login);
  }
  return { present: rows.length > 0, logins };
}

import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { profileStatementText } from '../apps/api/src/access/current-user';
import type { Db } from '../apps/api/src/platform/db/client';
import type { StatementText } from '../apps/api/src/platform/db/prepared';
import { callerWithBalanceText } from '../apps/api/src/wallet/wallet-holder';

/** The session a Bearer token names (`sid`), read without checking the token: the bare process checks nothing. */
function sessionOf(req: FastifyRequest): string | null {
  const payload = req.headers.authorization?.split('.')[1];
  return payload ? (JSON.parse(Buffer.from(payload, 'base64url').toString()).sid ?? null) : null;
}

/**
 * The bare baseline's reads: a member's wallet (`/api/wallet/:id`) and profile (`/bare/me/:id`, the API's
 * `/api/me`) from the API's own statements, byte for byte (their text taken from the API's modules, with the same
 * placeholders: the member and the token's session), answered in an envelope without token check, access rule,
 * logging or hooks. What the API costs on top of them is the ratio the benchmarks report.
 */
export function bareReads(app: FastifyInstance, pool: pg.Pool): void {
  const db = drizzle({ client: pool }) as unknown as Db;
  const run = async (
    name: string,
    statement: StatementText,
    req: FastifyRequest<{ Params: { id: string } }>,
  ) => {
    const given: Record<string, unknown> = { id: Number(req.params.id), sid: sessionOf(req) };
    const values = statement.placeholders.map((p) => given[p] ?? null);
    return pool.query({ name, text: statement.text, values, rowMode: 'array' });
  };
  const wallet = callerWithBalanceText(db);
  app.get<{ Params: { id: string } }>('/api/wallet/:id', async (req) => {
    const { rows, fields } = await run('bare_caller_wallet', wallet, req);
    const column = (name: string) => rows[0]?.[fields.findIndex((f) => f.name === name)];
    return {
      code: 200,
      msg: 'ok',
      data: {
        user_id: Number(req.params.id),
        total: String(column('available_cents') ?? 0),
        freezeTotal: String(column('frozen_cents') ?? 0),
      },
    };
  });
  const profile = profileStatementText(db);
  app.get<{ Params: { id: string } }>('/bare/me/:id', async (req) => {
    const { rows, fields } = await run('bare_caller_profile', profile, req);
    const row = rows[0] ?? [];
    return {
      code: 200,
      msg: 'ok',
      data: Object.fromEntries(fields.map((f, i) => [`${f.name}_${i}`, row[i]])),
    };
  });
}

import type { AddressInfo } from 'node:net';
import type { CurrentUser, Envelope, LoginResult } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../access/passwords';
import { loadConfig } from '../config';
import { users } from '../members/members.schema';
import { auditLogs } from '../platform/audit/audit.schema';
import { type FreshDatabaseSettings, freshDatabaseSettings } from '../test/test-database';
import { type RunningServer, startServer } from './start-server';

const onPostgres = Boolean(process.env.DATABASE_URL);
let settings: FreshDatabaseSettings | undefined;
let server: RunningServer | undefined;

/** `npm start` with these settings on this test's own fresh database, listening on a free port. */
async function start(env: Record<string, string> = {}): Promise<RunningServer> {
  settings ??= await freshDatabaseSettings();
  const base = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'start-test-secret-of-thirty-two-bytes',
    WEB_DIST: '',
  };
  server = await startServer(loadConfig({ ...base, ...settings.env, ...env }));
  return server;
}

async function restart(env: Record<string, string> = {}): Promise<RunningServer> {
  await server?.close();
  server = undefined;
  return start(env);
}

afterEach(async () => {
  await server?.close();
  await settings?.dispose();
  server = settings = undefined;
});

async function signIn(running: RunningServer, account: string, password: string) {
  const port = (running.app.server.address() as AddressInfo).port;
  const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await res.json()) as Envelope<LoginResult>;
  if (res.status !== 200) return null;
  const info = await fetch(`http://127.0.0.1:${port}/api/user/info`, {
    headers: { authorization: `Bearer ${body.data.access_token}` },
  });
  return ((await info.json()) as Envelope<CurrentUser>).data;
}

const accountNames = async (running: RunningServer) =>
  (await running.database.db.select({ name: users.name }).from(users)).map((u) => u.name);

describe('first start', () => {
  it(`leaves the demo out of a fresh database not asking for it (${onPostgres ? 'DATABASE_URL, SEED_DEMO unset' : 'SEED_DEMO=false'}) and says how to make the first administrator`, async () => {
    const running = await start(onPostgres ? {} : { SEED_DEMO: 'false' });
    expect(running.firstStart.demo).toBe('off');
    expect(await accountNames(running)).toEqual([]);
    expect(await signIn(running, 'admin', 'admin123')).toBeNull();
    expect(running.banner.join('\n')).toContain('Demo data: not loaded');
    expect(running.banner.join('\n')).not.toMatch(/Demo logins|admin123|member123/);
    expect(running.banner.join('\n')).toContain(
      'npm run admin -- create-admin --name <account> --email <e-mail>',
    );
    expect(running.banner.join('\n')).toContain(
      'npm run admin -- create-sponsor --name <account> --email <e-mail>',
    );
    // Without any administrator the one instruction is to make one.
    expect(running.banner.join('\n')).not.toContain('No refund can be confirmed');
  });

  it('makes the first super administrator from INITIAL_ADMIN_* once and sets BUSINESS_TIME_ZONE, audited as made at start-up', async () => {
    const initial = {
      INITIAL_ADMIN_NAME: 'owner',
      INITIAL_ADMIN_EMAIL: 'owner@example.com',
      INITIAL_ADMIN_PASSWORD: 'owner-pass1',
      BUSINESS_TIME_ZONE: 'europe/london',
    };
    let running = await start({ SEED_DEMO: 'false', ...initial });
    expect(running.banner.join('\n')).toContain('First super administrator owner made from INITIAL_ADMIN_*');
    // A new database starts in Hong Kong time; the setting changes it, under the runtime's spelling of the name.
    expect(running.businessZone).toEqual({ zone: 'Europe/London', changedFrom: 'Asia/Hong_Kong' });
    expect(running.banner.join('\n')).toContain(
      'Business time zone: Europe/London (days and months of bonus periods, date filters and reports)',
    );
    const zoneChanges = () =>
      running.database.db.select().from(auditLogs).where(eq(auditLogs.entity, 'business_settings'));
    expect(await zoneChanges()).toMatchObject([
      {
        action: 'update',
        actorId: null,
        ip: 'start-up:BUSINESS_TIME_ZONE',
        before: { timeZone: 'Asia/Hong_Kong' },
        after: { timeZone: 'Europe/London' },
      },
    ]);
    expect(running.banner.join('\n')).not.toContain('No administrator can sign in yet');
    expect(await signIn(running, 'owner', 'owner-pass1')).toMatchObject({ is_admin: true, is_super: true });
    const [row] = await running.database.db.select().from(auditLogs).where(eq(auditLogs.entity, 'admin'));
    expect(row).toMatchObject({ action: 'create', actorId: null, ip: 'start-up:INITIAL_ADMIN_NAME' });

    // REFUND_ADMIN left at the demo's 'admin': the operator is told that nobody can confirm a refund.
    expect(running.banner.join('\n')).toContain(
      'No refund can be confirmed: REFUND_ADMIN is "admin", which is no enabled administrator\'s account.',
    );

    running = await restart({
      SEED_DEMO: 'false',
      ...initial,
      INITIAL_ADMIN_NAME: 'second',
      REFUND_ADMIN: 'owner',
    });
    expect(running.firstStart.initialAdmin).toBeNull();
    expect(await accountNames(running)).toEqual(['owner']);
    expect(running.banner.join('\n')).not.toContain('No refund can be confirmed');
    // The zone it already has: nothing changes, nothing more is audited.
    expect(running.businessZone).toEqual({ zone: 'Europe/London', changedFrom: null });
    expect(running.banner.join('\n')).toContain('Business time zone: Europe/London');
    expect(await zoneChanges()).toHaveLength(1);
  });

  it('refuses to start with INITIAL_ADMIN_* values the API would refuse, naming the variable', async () => {
    const bad = {
      INITIAL_ADMIN_NAME: 'owner',
      INITIAL_ADMIN_EMAIL: 'nope',
      INITIAL_ADMIN_PASSWORD: 'owner-pass1',
    };
    await expect(start({ SEED_DEMO: 'false', ...bad })).rejects.toThrow(
      'INITIAL_ADMIN_* refused: INITIAL_ADMIN_EMAIL: email format incorrect',
    );
  });

  it(`loads the demo when asked (${onPostgres ? 'SEED_DEMO=true' : 'the embedded default'}) and lists only the demo logins that still work`, async () => {
    let running = await start(onPostgres ? { SEED_DEMO: 'true' } : {});
    expect(running.firstStart.demo).toBe('loaded');
    // The demo's database is new: Hong Kong time, unless BUSINESS_TIME_ZONE says otherwise.
    expect(running.banner.join('\n')).toContain(
      'Business time zone: Asia/Hong_Kong (days and months of bonus periods',
    );
    expect(running.banner.join('\n')).toMatch(
      /admin \/ admin123[\s\S]*operator \/ operator123[\s\S]*member \/ member123/,
    );
    expect(await signIn(running, 'admin', 'admin123')).toMatchObject({ is_super: true });
    expect(running.banner.join('\n')).not.toContain('No refund can be confirmed');

    await running.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('changed-1') })
      .where(sql`${users.name} = 'admin'`);
    running = await restart(onPostgres ? { SEED_DEMO: 'true' } : {});
    expect(running.firstStart.demo).toBe('present');
    expect(running.banner.join('\n')).toContain('Demo data: present');
    expect(running.banner.join('\n')).not.toContain('admin123');
    expect(running.banner.join('\n')).toContain('member / member123');
    // Two starts, the first loading the demo: minutes on a loaded 2-core machine.
  }, 240_000);
});

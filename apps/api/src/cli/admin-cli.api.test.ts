import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AuditView, CurrentUser, Paged, SettlementRunDto, UserListResult } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../bootstrap';
import { loadDatabaseLocation } from '../config';
import { openDatabase } from '../platform/db/client';
import { TestApi } from '../test/test-app';
import { type FreshDatabaseSettings, freshDatabaseSettings } from '../test/test-database';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …` as the operator runs it: its own process, stdin a pipe (not a terminal). */
function runCli(settings: FreshDatabaseSettings, args: string[], env: Record<string, string> = {}) {
  const { ADMIN_PASSWORD: _a, MEMBER_PASSWORD: _m, DATABASE_URL: _d, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: API_DIR,
    env: { ...inherited, ...settings.env, ...env },
  });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<CliRun>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('operator command line (npm run admin) on an empty database', () => {
  let settings: FreshDatabaseSettings;
  let api: TestApi;
  const runs: Record<string, CliRun> = {};

  // The CLI processes run first: an embedded database opens in one process at a time.
  beforeAll(async () => {
    settings = await freshDatabaseSettings();
    const boss = ['create-admin', '--name', 'boss', '--email', 'Boss@Example.com', '--phone', '85291234567'];
    runs.admin = await runCli(settings, boss, { ADMIN_PASSWORD: 'first-pass1' });
    runs.duplicate = await runCli(settings, boss, { ADMIN_PASSWORD: 'first-pass1' });
    runs.sponsor = await runCli(
      settings,
      ['create-sponsor', '--name', 'company', '--email', 'top@example.com', '--display-name', 'The Company'],
      { MEMBER_PASSWORD: 'sponsor-pass1' },
    );
    runs.passwordArgument = await runCli(settings, [
      'create-admin',
      '--name',
      'eve',
      '--email',
      'eve@example.com',
      '--password',
      'hunter2hunter2',
    ]);
    runs.noTerminal = await runCli(settings, ['create-admin', '--name', 'eve', '--email', 'eve@example.com']);
    runs.badFields = await runCli(settings, ['create-admin', '--name', 'eve', '--email', 'not-an-email'], {
      ADMIN_PASSWORD: 'x',
    });
    runs.reset = await runCli(settings, ['reset-password', '--name', 'BOSS'], {
      ADMIN_PASSWORD: 'second-pass2',
    });
    runs.settle = await runCli(settings, ['settle', '--period', '2026-10']);
    const database = openDatabase(loadDatabaseLocation(settings.env));
    await prepareDatabase(database);
    api = await TestApi.open(database);
  }, 240_000);

  const refusedSignIn = async (account: string, password: string) =>
    (await api.post('/api/login', { account, password })).body.msg === 'Incorrect username or password';

  afterAll(async () => {
    await api?.close();
    await settings?.dispose();
  });

  it('makes a super administrator who signs in with the password from ADMIN_PASSWORD, reset later', async () => {
    expect(runs.admin).toMatchObject({ code: 0 });
    expect(runs.admin!.stdout).toContain('Super administrator boss');
    expect(runs.reset).toMatchObject({ code: 0 });
    expect(runs.reset!.stdout).toContain('Password of administrator boss changed');
    const token = await api.login('boss@example.com', 'second-pass2');
    const me = await api.get<CurrentUser>('/api/user/info', { token });
    expect(me.body.data).toMatchObject({ is_admin: true, is_super: true });
    expect(await refusedSignIn('boss', 'first-pass1')).toBe(true);
  });

  it('makes the top sponsor: a member with no sponsor, under whom the administrator creates the first member', async () => {
    expect(runs.sponsor).toMatchObject({ code: 0 });
    const token = await api.login('boss', 'second-pass2');
    const sponsorToken = await api.login('company', 'sponsor-pass1');
    const sponsor = await api.get<CurrentUser>('/api/user/info', { token: sponsorToken });
    const created = await api.put<{ id: number }>(
      '/api/users',
      {
        name: 'first_member',
        email: 'first@example.com',
        password: 'member-pass1',
        phone: '85290000001',
        level_id: 1,
        parent_user_id: sponsor.body.data.id,
      },
      { token },
    );
    expect(created.status).toBe(200);
    const list = await api.get<UserListResult>('/api/users/list', { token, query: { pageSize: 50 } });
    const byName = Object.fromEntries(list.body.data.list.map((u) => [u.name, u]));
    expect(byName.company).toMatchObject({ parent_user: null, tree_level: 0, display_name: 'The Company' });
    expect(byName.first_member).toMatchObject({ parent_user: { id: sponsor.body.data.id }, tree_level: 1 });
  });

  it('writes each change to the audit log with no acting account and the command line as origin', async () => {
    const token = await api.login('boss', 'second-pass2');
    const log = await api.get<Paged<AuditView>>('/api/permission/audit', { token, query: { pageSize: 50 } });
    const fromCli = log.body.data.list.filter((entry) => entry.ip?.startsWith('cli:'));
    expect(fromCli.map((e) => [e.action, e.entity, e.actor_id])).toEqual([
      ['compute', 'bonus_settlement_run', null],
      ['update', 'admin', null],
      ['create', 'user', null],
      ['create', 'admin', null],
    ]);
    const written = JSON.stringify(fromCli);
    for (const secret of ['first-pass1', 'second-pass2', 'sponsor-pass1', 'scrypt$'])
      expect(written).not.toContain(secret);
  });

  it('computes a settlement into awaiting approval, as a scheduled run would; another run of it waits for approval', async () => {
    expect(runs.settle).toMatchObject({ code: 0 });
    expect(runs.settle!.stdout).toContain('awaiting approval');
    const token = await api.login('boss', 'second-pass2');
    const history = await api.get<Paged<SettlementRunDto>>('/api/bonus/settlements', { token });
    expect(history.body.data.list).toEqual([
      expect.objectContaining({ period: '2026-10', status: 'awaiting_approval', started_by: null }),
    ]);
    const again = await api.post('/api/bonus/settlements', { period: '2026-10' }, { token });
    expect(again.status).toBe(409);
  });

  it('refuses a password given as an argument without echoing it, and makes no account', async () => {
    expect(runs.passwordArgument!.code).toBe(2);
    expect(runs.passwordArgument!.stderr).toContain('Passwords are not taken as arguments');
    expect(runs.passwordArgument!.stdout + runs.passwordArgument!.stderr).not.toContain('hunter2');
    expect(await refusedSignIn('eve', 'hunter2hunter2')).toBe(true);
  });

  it('refuses to go on without ADMIN_PASSWORD when stdin is not a terminal', () => {
    expect(runs.noTerminal!.code).toBe(2);
    expect(runs.noTerminal!.stderr).toContain('set ADMIN_PASSWORD');
  });

  it('refuses a duplicate account and invalid fields with the API’s messages and a non-zero exit', () => {
    expect(runs.duplicate!.code).toBe(1);
    expect(runs.duplicate!.stderr).toContain('Refused: Username already exists');
    expect(runs.badFields!.code).toBe(1);
    expect(runs.badFields!.stderr).toContain('--email: email format incorrect');
  });
});

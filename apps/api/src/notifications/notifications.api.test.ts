import {
  type Locale,
  type NotificationItem,
  type NotificationPreferences,
  type NotificationSummary,
  type Paged,
  Perm,
  type RoleView,
  WithdrawalStatus,
} from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusPayouts } from '../bonus/bonus.schema';
import { buildScenario } from '../bonus/scenario.db';
import { settlePeriod } from '../bonus/settlement';
import { createItem } from '../content/content.testing';
import { JobHost } from '../platform/jobs/job-host';
import { startJob } from '../platform/jobs/jobs.runner';
import { recordedJob } from '../platform/jobs/test-jobs';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import {
  expectLedgerBalanced,
  fundedMember,
  idemKey,
  type SignedIn,
  signedInAdmin,
} from '../wallet/wallet-fixtures';
import { withdrawals } from '../withdrawals/withdrawals.schema';
import { stepWithdrawal } from '../withdrawals/withdrawals.service';
import { noticeFailedJobs } from './job-failed';
import { mailOutbox, notificationPreferences, notifications } from './notifications.schema';
import { useMail } from './notify';

let api: TestApi;
let admin: SignedIn;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await signedInAdmin(api);
});
afterAll(async () => {
  useMail(false);
  await expectLedgerBalanced(api);
  await api.close();
});

const BANK = { bank_card_number: '6222 0000 1111', bank_code: 'HSBC', bank_name: 'HSBC Hong Kong' };

const summary = async (token: string, locale: Locale = 'en-US') => {
  const res = await api.get<NotificationSummary>('/api/notifications/summary', { token, locale });
  expect(res.status).toBe(200);
  return res.body.data;
};
const list = async (token: string, query: Record<string, string | number> = {}) => {
  const res = await api.get<Paged<NotificationItem>>('/api/notifications', { token, query });
  expect(res.status).toBe(200);
  return res.body.data;
};
const storedOf = (userId: number) =>
  api.db.select().from(notifications).where(eq(notifications.userId, userId));

async function transfer(from: SignedIn, to: SignedIn, amount: string) {
  const res = await api.post(
    '/api/wallet/sendTransfer',
    { user_no: to.user.userNo, amount },
    { token: from.token, headers: idemKey() },
  );
  return res;
}

/** An administrator holding only `perms`, signed in. */
async function adminWith(perms: number[]): Promise<SignedIn> {
  const role = await api.post<RoleView>(
    '/api/permission/roles',
    { name: `role_${Math.random().toString(36).slice(2, 8)}`, permission_ids: perms },
    { token: admin.token },
  );
  expect(role.status).toBe(200);
  const user = await api.factory.admin({ roleIds: [role.body.data.id] });
  return { user, token: await api.login(user.name, TEST_PASSWORD) };
}

describe('what members are told', () => {
  it('a transfer received reaches its recipient only, in the language asked, and counts as unread', async () => {
    const sender = await fundedMember(api, 10_000);
    const recipient = await fundedMember(api, 0);
    const bystander = await fundedMember(api, 0);
    expect((await transfer(sender, recipient, '12.50')).status).toBe(200);

    const mine = await summary(recipient.token);
    expect(mine.unread).toBe(1);
    expect(mine.count).toBe(1);
    expect(mine.waiting).toEqual([]);
    expect(mine.latest[0]).toMatchObject({ kind: 'transfer_received', read: false, link: '/transfer' });
    expect(mine.latest[0]!.title).toContain('12.50');
    expect(mine.latest[0]!.title).toContain(sender.user.userNo);
    expect(mine.latest[0]!.title).not.toContain(sender.user.name);
    expect((await summary(recipient.token, 'zh-HK')).latest[0]!.title).toMatch(/^您收到 .* 轉來的 12\.50$/);

    expect((await summary(sender.token)).unread).toBe(0);
    expect((await summary(bystander.token)).latest).toEqual([]);
  });

  it('every withdrawal step but the member’s own cancellation is told to that member', async () => {
    const member = await fundedMember(api, 50_000);
    const other = await fundedMember(api, 50_000);
    const apply = () =>
      api.post<{ id: number }>(
        '/api/wallet/create-withdraw-record',
        { amount: '100.00', ...BANK },
        { token: member.token, headers: idemKey() },
      );
    const first = (await apply()).body.data.id;
    const next = (id: number, action: string, reason?: string) =>
      api.post(
        `/api/wallet/admin/next/${id}`,
        { action, reason },
        { token: admin.token, headers: idemKey() },
      );
    expect((await next(first, 'agree')).status).toBe(200);
    expect((await next(first, 'paid')).status).toBe(200);
    const second = (await apply()).body.data.id;
    expect((await next(second, 'refuse', 'name mismatch')).status).toBe(200);
    const third = (await apply()).body.data.id;
    expect(
      (await api.post(`/api/wallet/${third}/update-withdraw-record`, {}, { token: member.token })).status,
    ).toBe(200);

    const items = (await list(member.token)).list;
    expect(items.map((i) => i.title)).toEqual([
      'Your withdrawal of 100.00 was rejected: name mismatch',
      'Your withdrawal of 100.00 was paid',
      'Your withdrawal of 100.00 was approved and is being paid',
    ]);
    expect(items.every((i) => i.kind === 'withdrawal_status' && i.link === '/wallet')).toBe(true);
    expect((await list(other.token)).meta.total).toBe(0);
  });

  it('a completed recharge is told to its member; a rejected one is not', async () => {
    const member = await fundedMember(api, 0);
    const create = async (amount: string) => {
      const res = await api.post<{ id: number }>(
        '/api/recharge/create',
        { user_id: member.user.id, amount, points: 0 },
        { token: admin.token, headers: idemKey() },
      );
      expect(res.status).toBe(200);
      return res.body.data.id;
    };
    const done = await create('30.00');
    const refused = await create('40.00');
    await api.post(`/api/recharge/complete/${done}`, {}, { token: admin.token, headers: idemKey() });
    await api.post(`/api/recharge/reject/${refused}`, {}, { token: admin.token, headers: idemKey() });
    expect((await list(member.token)).list.map((i) => [i.kind, i.title])).toEqual([
      ['recharge_completed', 'A recharge of 30.00 was credited to your wallet'],
    ]);
  });

  it('a settlement tells each member paid one notification per run: their payouts’ count and total', async () => {
    const scn = await buildScenario(api.db, api.factory);
    const { run } = await settlePeriod(api.db, { period: '2026-10', startedBy: null });
    const paid = await api.db
      .select({
        userId: bonusPayouts.userId,
        count: sql<number>`count(*)::int`,
        cents: sql<number>`sum(${bonusPayouts.cents})::bigint`,
      })
      .from(bonusPayouts)
      .where(and(eq(bonusPayouts.runId, run.id), eq(bonusPayouts.status, 'paid')))
      .groupBy(bonusPayouts.userId);
    expect(paid.length).toBeGreaterThan(1);
    const told = await api.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'payout_credited'),
          sql`${notifications.params}->>'runId' = ${String(run.id)}`,
        ),
      );
    expect(told.map((n) => [n.userId, n.params.count, Number(n.params.amount_cents)]).sort()).toEqual(
      paid.map((p) => [p.userId, p.count, Number(p.cents)]).sort(),
    );
    const someone = Object.values(scn.ids).find((id) => paid.some((p) => p.userId === id))!;
    const login = Object.entries(scn.ids).find(([, id]) => id === someone)![0] as keyof typeof scn.logins;
    const token = await api.login(scn.logins[login], TEST_PASSWORD);
    expect((await summary(token)).latest[0]).toMatchObject({ kind: 'payout_credited', link: '/wallet' });
  });

  it('announcements are notifications of the members they are meant for, read with the announcements page', async () => {
    // Meant for Life-time Scholars only, so the other tests' members never see it.
    const scholar = await api.factory.member({ levelId: 4 });
    const member = { token: await api.login(scholar.name, TEST_PASSWORD) };
    const item = await createItem(api, admin.token, { audience_level_ids: [4] });
    expect((await summary((await fundedMember(api, 0)).token)).latest).toEqual([]);
    const before = await summary(member.token);
    expect(before.latest.find((i) => i.id === `a${item.id}`)).toMatchObject({
      kind: 'announcement',
      title: 'System maintenance',
      read: false,
      link: '/user-annoucement/list',
    });
    await api.get(`/api/content/items/${item.id}`, { token: member.token });
    expect((await summary(member.token)).unread).toBe(before.unread - 1);
    expect((await summary(admin.token)).latest.some((i) => i.kind === 'announcement')).toBe(false);
  });
});

describe('reading', () => {
  it('marks one read, then all; another member’s notification cannot be marked', async () => {
    const sender = await fundedMember(api, 10_000);
    const member = await fundedMember(api, 0);
    const other = await fundedMember(api, 0);
    for (const to of [member, member, member, other]) await transfer(sender, to, '1.00');
    const [first] = (await list(member.token)).list;
    const theirs = (await list(other.token)).list[0]!;

    const start = await summary(member.token);
    const marked = await api.post(
      '/api/notifications/read',
      { ids: [first!.id, theirs.id] },
      { token: member.token },
    );
    expect(marked.status).toBe(200);
    expect((await summary(member.token)).unread).toBe(start.unread - 1);
    expect((await list(other.token, { unread: '1' })).list.map((i) => i.id)).toContain(theirs.id);

    expect((await api.post('/api/notifications/read', {}, { token: member.token })).status).toBe(200);
    const after = await summary(member.token);
    expect([after.unread, after.count]).toEqual([0, 0]);
    expect((await list(member.token, { unread: '1' })).meta.total).toBe(0);
    const unreadAnnouncements = await api.get<{ announcement: number }>('/api/content/unread-count', {
      token: member.token,
    });
    expect(unreadAnnouncements.body.data.announcement).toBe(0);
  });

  it('pages newest first', async () => {
    const sender = await fundedMember(api, 10_000);
    const member = await fundedMember(api, 0);
    for (const amount of ['1.00', '2.00', '3.00']) await transfer(sender, member, amount);
    const page1 = await list(member.token, { page: 1, pageSize: 2 });
    const page2 = await list(member.token, { page: 2, pageSize: 2 });
    expect(page1.meta.total).toBe(3);
    expect([...page1.list, ...page2.list].map((i) => i.title.split(' ')[2])).toEqual([
      '3.00',
      '2.00',
      '1.00',
    ]);
  });

  it('refuses a malformed id and anyone signed out', async () => {
    const member = await fundedMember(api, 0);
    const bad = await api.post('/api/notifications/read', { ids: ['x1'] }, { token: member.token });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 422, data: { errors: [{ field: 'ids.0' }] } });
    for (const [method, url] of [
      ['GET', '/api/notifications/summary'],
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences'],
    ] as const)
      expect((await api.request(method, url, method === 'GET' ? undefined : {})).status).toBe(401);
  });
});

describe('written with their event', () => {
  it('an event that rolls back leaves no notification', async () => {
    const member = await fundedMember(api, 50_000);
    const res = await api.post<{ id: number }>(
      '/api/wallet/create-withdraw-record',
      { amount: '10.00', ...BANK },
      { token: member.token, headers: idemKey() },
    );
    const id = res.body.data.id;
    await expect(
      api.db.transaction(async (tx) => {
        await stepWithdrawal(tx, { id, step: 'agree', actorId: admin.user.id });
        expect(
          await tx.select().from(notifications).where(eq(notifications.userId, member.user.id)),
        ).toHaveLength(1);
        throw new Error('the payment system refused');
      }),
    ).rejects.toThrow('the payment system refused');
    expect(await storedOf(member.user.id)).toEqual([]);
    const [row] = await api.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.status).toBe(WithdrawalStatus.inApplication);
  });

  it('a refused transfer tells nobody anything', async () => {
    const poor = await fundedMember(api, 100);
    const recipient = await fundedMember(api, 0);
    expect((await transfer(poor, recipient, '5.00')).status).toBe(400);
    expect(await storedOf(recipient.user.id)).toEqual([]);
  });
});

describe('administrators', () => {
  it('see the work waiting for them as live counts, each only with its permission; members never', async () => {
    const member = await fundedMember(api, 50_000);
    const withdrawer = await adminWith([Perm.withdraw]);
    const recharger = await adminWith([Perm.recharge]);
    const waitingOf = async (who: SignedIn) =>
      Object.fromEntries((await summary(who.token)).waiting.map((w) => [w.kind, w.count]));
    const before = { w: await waitingOf(withdrawer), r: await waitingOf(recharger) };
    await api.post(
      '/api/wallet/create-withdraw-record',
      { amount: '10.00', ...BANK },
      { token: member.token, headers: idemKey() },
    );
    await api.post(
      '/api/recharge/create',
      { user_id: member.user.id, amount: '5.00', points: 0 },
      { token: admin.token, headers: idemKey() },
    );
    const w = await waitingOf(withdrawer);
    const r = await waitingOf(recharger);
    expect(w).toEqual({ withdrawal_waiting: (before.w.withdrawal_waiting ?? 0) + 1 });
    expect(r).toEqual({ recharge_waiting: (before.r.recharge_waiting ?? 0) + 1 });
    const s = await summary(withdrawer.token);
    expect(s.count).toBe(s.unread + s.waiting.reduce((sum, x) => sum + x.count, 0));
    expect(s.waiting[0]).toMatchObject({
      link: '/withdraw',
      title: `Withdrawal applications waiting: ${w.withdrawal_waiting}`,
    });
    expect((await summary(member.token)).waiting).toEqual([]);
  });

  it('the owner of a failed job is told, whether it failed in its run or was lost with its process', async () => {
    const owner = await adminWith([Perm.orders]);
    const host = new JobHost(api.db, api.app.log, undefined, {}, noticeFailedJobs);
    const started = await startJob(host, {
      kind: 'orders.export',
      ownerId: owner.user.id,
      params: {},
      fileName: 'orders.xlsx',
      run: async () => {
        throw new Error('disk full');
      },
    });
    for (let i = 0; i < 200 && (await storedOf(owner.user.id)).length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await recordedJob(api.db, owner.user.id, { kind: 'wallet.records.export', silentMs: 60_000 });
    await host.sweep();
    const items = (await list(owner.token)).list;
    expect(items.map((i) => [i.kind, i.title])).toEqual([
      [
        'job_failed',
        'A task failed (wallet.records.export): The server running this task stopped before it finished; what it had not saved was undone. Please start it again.',
      ],
      ['job_failed', expect.stringMatching(/^A task failed \(orders\.export\): /)],
    ]);
    expect(started.job_id).toBeTruthy();
    expect((await list(admin.token)).list.some((i) => i.kind === 'job_failed')).toBe(false);
  });
});

describe('e-mail preferences', () => {
  it('start from defaults per kind of account, are saved, and refuse the other kind’s', async () => {
    const member = await fundedMember(api, 0);
    const got = await api.get<NotificationPreferences>('/api/notifications/preferences', {
      token: member.token,
    });
    expect(got.body.data).toEqual({
      mail_enabled: false,
      email: `${member.user.name}@test.local`,
      locale: 'en-US',
      kinds: [
        { kind: 'payout_credited', email: true },
        { kind: 'payouts_released', email: true },
        { kind: 'withdrawal_status', email: true },
        { kind: 'transfer_received', email: true },
        { kind: 'recharge_completed', email: true },
      ],
    });
    const saved = await api.put<NotificationPreferences>(
      '/api/notifications/preferences',
      { locale: 'zh-HK', email_kinds: ['transfer_received'] },
      { token: member.token, locale: 'zh-CN' },
    );
    expect(saved.body.msg).toBe('通知设置已保存');
    expect(saved.body.data.locale).toBe('zh-HK');
    expect(saved.body.data.kinds.filter((k) => k.email).map((k) => k.kind)).toEqual(['transfer_received']);

    const refused = await api.put(
      '/api/notifications/preferences',
      { locale: 'en-US', email_kinds: ['job_failed'] },
      { token: member.token },
    );
    expect(refused.status).toBe(422);
    const adminPrefs = await api.get<NotificationPreferences>('/api/notifications/preferences', {
      token: admin.token,
    });
    expect(adminPrefs.body.data.kinds).toEqual([
      { kind: 'withdrawal_waiting', email: false },
      { kind: 'recharge_waiting', email: false },
      { kind: 'settlement_waiting', email: true },
      { kind: 'job_failed', email: true },
    ]);
  });

  it('with mail on, only the kinds a person chose are put in the outbox, in their language', async () => {
    useMail(true);
    try {
      const sender = await fundedMember(api, 10_000);
      const chose = await fundedMember(api, 0);
      const declined = await fundedMember(api, 0);
      await api.db.insert(notificationPreferences).values([
        { userId: chose.user.id, locale: 'zh-CN', mailKinds: ['transfer_received'] },
        { userId: declined.user.id, locale: 'en-US', mailKinds: ['payout_credited'] },
      ]);
      await transfer(sender, chose, '8.00');
      await transfer(sender, declined, '9.00');
      const outbox = await api.db.select().from(mailOutbox);
      const mine = outbox.filter((m) => [chose.user.id, declined.user.id].includes(m.userId));
      expect(mine).toMatchObject([
        {
          userId: chose.user.id,
          toAddress: `${chose.user.name}@test.local`,
          locale: 'zh-CN',
          subjectKey: 'notifications.transfer_received',
          status: 'pending',
        },
      ]);
      expect(mine).toHaveLength(1);
      // Nobody holding the withdrawals permission chose their applications: the default is off.
      const before = outbox.length;
      await api.post(
        '/api/wallet/create-withdraw-record',
        { amount: '1.00', ...BANK },
        { token: sender.token, headers: idemKey() },
      );
      expect(await api.db.select().from(mailOutbox)).toHaveLength(before);
    } finally {
      useMail(false);
    }
  });
});

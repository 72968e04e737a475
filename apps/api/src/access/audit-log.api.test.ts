import {
  type AuditQuery,
  type AuditView,
  DEFAULT_BUSINESS_TIME_ZONE,
  dayIn,
  type Paged,
  type WithdrawalItem,
  WithdrawalStatus,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../test/factory';
import { TestApi } from '../test/test-app';
import { expectLedgerBalanced, fundedMember, type SignedIn, signedInAdmin } from '../wallet/wallet-fixtures';

let api: TestApi;
let admin: SignedIn;
beforeAll(async () => {
  api = await TestApi.start();
  admin = await signedInAdmin(api);
});
afterAll(async () => {
  await expectLedgerBalanced(api);
  await api.close();
});

const AGENT = { 'user-agent': 'audit-test-browser/1.0' };
const CARD = '6222 0000 1111 9876';

async function auditLog(query: AuditQuery) {
  const res = await api.get<Paged<AuditView>>('/api/permission/audit', { token: admin.token, query });
  expect(res.status).toBe(200);
  return res.body.data;
}
const entriesOf = async (query: AuditQuery) => (await auditLog(query)).list;

/** Who and from where, as the tests' requests present themselves. */
const from = (who: SignedIn, kind: 'admin' | 'member') => ({
  actor_id: who.user.id,
  actor_kind: kind,
  actor_name: who.user.name,
  ip: '127.0.0.1',
  user_agent: AGENT['user-agent'],
});

describe('the audit trail of members’ money and bank actions', () => {
  it('records a member’s transfer with sender, recipient, amount and remark', async () => {
    const alice = await fundedMember(api, 10_000);
    const bob = await fundedMember(api, 0);
    const sent = await api.post<{ id: number }>(
      '/api/wallet/sendTransfer',
      { user_no: bob.user.userNo, amount: '12.34', remark: 'lunch' },
      { token: alice.token, headers: AGENT },
    );
    expect(sent.status).toBe(200);
    const [entry, ...more] = await entriesOf({
      entity: 'wallet_transfer',
      entity_id: String(sent.body.data.id),
    });
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      ...from(alice, 'member'),
      action: 'transfer',
      before: null,
      after: { fromUserId: alice.user.id, toUserId: bob.user.id, amountCents: 1234, remark: 'lunch' },
    });
  });

  it('records a withdrawal application and its cancellation with the card number masked', async () => {
    const member = await fundedMember(api, 50_000);
    const applied = await api.post<WithdrawalItem>(
      '/api/wallet/create-withdraw-record',
      { amount: '100.00', bank_card_number: CARD, bank_code: 'HSBC', bank_name: 'HSBC Hong Kong' },
      { token: member.token, headers: AGENT },
    );
    expect(applied.status).toBe(200);
    const id = applied.body.data.id;
    const cancelled = await api.post(
      `/api/wallet/${id}/update-withdraw-record`,
      {},
      { token: member.token, headers: AGENT },
    );
    expect(cancelled.status).toBe(200);

    const entries = await entriesOf({ entity: 'withdrawal', entity_id: String(id) });
    expect(entries.map((e) => e.action)).toEqual(['cancel', 'apply']);
    const [cancel, apply] = entries;
    expect(apply).toMatchObject({
      ...from(member, 'member'),
      before: null,
      after: {
        id,
        amount: '100.00',
        status: WithdrawalStatus.inApplication,
        bank_card_number: '****9876',
        bank_code: 'HSBC',
      },
    });
    expect(cancel).toMatchObject({
      ...from(member, 'member'),
      before: { status: WithdrawalStatus.inApplication },
      after: { status: WithdrawalStatus.cancelled },
    });
    expect(Object.keys(cancel?.after as object).sort()).toEqual(['handledBy', 'status']);
    expect(JSON.stringify(entries)).not.toMatch(/6222|1111/);
  });

  it('records an administrator’s step on a withdrawal as the administrator', async () => {
    const member = await fundedMember(api, 50_000);
    const applied = await api.post<WithdrawalItem>(
      '/api/wallet/create-withdraw-record',
      { amount: '20.00', bank_card_number: CARD, bank_code: 'HSBC', bank_name: 'HSBC Hong Kong' },
      { token: member.token },
    );
    const id = applied.body.data.id;
    await api.post(
      `/api/wallet/admin/next/${id}`,
      { action: 'refuse', reason: 'name mismatch' },
      { token: admin.token, headers: AGENT },
    );
    const [refuse] = await entriesOf({ entity: 'withdrawal', entity_id: String(id), action: 'refuse' });
    expect(refuse).toMatchObject({
      ...from(admin, 'admin'),
      before: { status: WithdrawalStatus.inApplication, reason: null },
      after: { status: WithdrawalStatus.rejected, reason: 'name mismatch', handledBy: admin.user.id },
    });
    expect(JSON.stringify(refuse)).not.toContain('6222');
  });

  it('records a member’s bank-detail change apart from the profile, masked, and a password change without it', async () => {
    const member = await fundedMember(api, 0);
    const saved = await api.post(
      '/api/me',
      {
        display_name: 'Alice',
        bank_account_name: 'Alice Chan',
        bank_country: 'HK',
        bank_account_no: '012-345-678901',
        old_password: TEST_PASSWORD,
        password: 'newpass12',
        password_confirmation: 'newpass12',
      },
      { token: member.token, headers: AGENT },
    );
    expect(saved.status).toBe(200);

    const [bank, ...moreBank] = await entriesOf({ entity: 'user.bank', entity_id: String(member.user.id) });
    expect(moreBank).toEqual([]);
    expect(bank).toMatchObject({
      ...from(member, 'member'),
      action: 'update',
      before: { bankAccountName: null, bankCountry: null, bankAccountNo: null },
      after: { bankAccountName: 'Alice Chan', bankCountry: 'HK', bankAccountNo: '****8901' },
    });
    const [profile] = await entriesOf({ entity: 'user.profile', entity_id: String(member.user.id) });
    expect(profile).toMatchObject({
      ...from(member, 'member'),
      before: { displayName: null, passwordChanged: false },
      after: { displayName: 'Alice', passwordChanged: true },
    });
    const written = JSON.stringify([bank, profile]);
    for (const secret of ['345-678901', '345678901', 'newpass12', TEST_PASSWORD, 'scrypt', 'token'])
      expect(written).not.toContain(secret);
  });

  it('records an administrator’s level change of a member with only the changed fields', async () => {
    const member = await api.factory.member({ phone: '85211112222' });
    const res = await api.post(
      `/api/users/${member.id}`,
      { phone: '85211112222', level_id: 3, level_remark: 'promo', password: '' },
      { token: admin.token, headers: AGENT },
    );
    expect(res.status).toBe(200);
    const [entry] = await entriesOf({ entity: 'user', entity_id: String(member.id), action: 'update' });
    expect(entry).toMatchObject({ ...from(admin, 'admin') });
    expect(entry?.before).toStrictEqual({ levelId: member.levelId });
    expect(entry?.after).toStrictEqual({ levelId: 3, passwordChanged: false });
  });

  it('leaves no audit row for a refused action', async () => {
    const member = await fundedMember(api, 1_000);
    const other = await fundedMember(api, 0);
    const transfer = { user_no: other.user.userNo, amount: '10.01' };
    const poor = await api.post('/api/wallet/sendTransfer', transfer, { token: member.token });
    expect(poor.status).toBe(400);
    const ok = await api.post(
      '/api/wallet/sendTransfer',
      { ...transfer, amount: '10.00' },
      { token: member.token },
    );
    expect(ok.status).toBe(200);
    const sent = await entriesOf({ actor_id: member.user.id, action: 'transfer' });
    expect(sent.map((e) => e.after)).toEqual([expect.objectContaining({ amountCents: 1000 })]);

    const applied = await api.post<WithdrawalItem>(
      '/api/wallet/create-withdraw-record',
      { amount: '50.00', bank_card_number: CARD, bank_code: 'HSBC', bank_name: 'HSBC' },
      { token: member.token },
    );
    expect(applied.status).toBe(400);
    const badPassword = await api.post(
      '/api/me',
      {
        bank_account_no: '99998888',
        old_password: 'not-it',
        password: 'newpass12',
        password_confirmation: 'newpass12',
      },
      { token: member.token },
    );
    expect(badPassword.status).toBe(422);
    expect((await auditLog({ actor_id: member.user.id })).meta.total).toBe(1);
  });
});

describe('GET /api/permission/audit', () => {
  it('finds rows by actor, kind, name, action, record and date range, paged and sorted', async () => {
    const sender = await fundedMember(api, 5_000);
    const receiver = await fundedMember(api, 0);
    for (const amount of ['1.00', '2.00'])
      await api.post(
        '/api/wallet/sendTransfer',
        { user_no: receiver.user.userNo, amount },
        { token: sender.token },
      );
    await api.post('/api/me', { bank_account_no: '55556666' }, { token: sender.token });

    const mine = await auditLog({ actor_id: sender.user.id, pageSize: 2, sort: 'entity', order: 'asc' });
    expect(mine.meta.total).toBe(3);
    expect(mine.list.map((e) => e.entity)).toEqual(['user.bank', 'wallet_transfer']);
    const byName = await entriesOf({ keyword: sender.user.name.slice(2), action: 'transfer' });
    expect(byName.map((e) => (e.after as { amountCents: number }).amountCents)).toEqual([200, 100]);
    const banks = await entriesOf({
      actor_kind: 'member',
      entity: 'user.bank',
      entity_id: String(sender.user.id),
    });
    expect(banks).toHaveLength(1);
    expect((await entriesOf({ actor_kind: 'admin', actor_id: sender.user.id })).length).toBe(0);

    // Bare dates are days of the business time zone (a new database's: Hong Kong).
    const today = dayIn(new Date(), DEFAULT_BUSINESS_TIME_ZONE);
    const yesterday = dayIn(new Date(Date.now() - 86_400_000), DEFAULT_BUSINESS_TIME_ZONE);
    expect((await auditLog({ actor_id: sender.user.id, date_from: today, date_to: today })).meta.total).toBe(
      3,
    );
    expect((await auditLog({ actor_id: sender.user.id, date_to: yesterday })).meta.total).toBe(0);
  });

  it('refuses an unknown action, naming the field', async () => {
    const res = await api.get('/api/permission/audit', {
      token: admin.token,
      locale: 'zh-HK',
      query: { action: 'steal', date_from: 'yesterday' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      data: { errors: expect.arrayContaining([expect.objectContaining({ field: 'action' })]) },
    });
  });
});

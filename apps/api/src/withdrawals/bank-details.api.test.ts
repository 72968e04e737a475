import type { MeProfile, WithdrawalItem } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../test/test-app';
import { fundedMember, idemKey, signedInAdmin } from '../wallet/wallet-fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api?.close());

const DETAILS = {
  bank_account_name: 'Chan Tai Man',
  bank_country: 'Hong Kong',
  bank_name: 'HSBC Hong Kong',
  bank_code: '004',
  bank_account_no: '123-456789-001',
};

describe('one set of bank details', () => {
  it('saves the fields the withdrawal asks, and a withdrawal keeps its holder and country', async () => {
    const member = await fundedMember(api, 10_000);
    const saved = await api.post<MeProfile>('/api/me', DETAILS, { token: member.token });
    expect(saved.status).toBe(200);
    expect((await api.get<MeProfile>('/api/me', { token: member.token })).body.data).toMatchObject(DETAILS);

    const applied = await api.post<WithdrawalItem>(
      '/api/wallet/create-withdraw-record',
      {
        amount: '20',
        bank_account_name: DETAILS.bank_account_name,
        bank_country: DETAILS.bank_country,
        bank_name: DETAILS.bank_name,
        bank_code: DETAILS.bank_code,
        bank_card_number: DETAILS.bank_account_no,
      },
      { token: member.token, headers: idemKey() },
    );
    expect(applied.status).toBe(200);
    const mine = await api.get<{ list: WithdrawalItem[] }>('/api/wallet/withdraw-record', {
      token: member.token,
    });
    expect(mine.body.data.list[0]).toMatchObject({
      bank_account_name: 'Chan Tai Man',
      bank_country: 'Hong Kong',
      bank_name: 'HSBC Hong Kong',
      bank_code: '004',
      bank_card_number: '123-456789-001',
    });
    const admin = await signedInAdmin(api);
    const listed = await api.get<{ list: WithdrawalItem[] }>('/api/wallet/admin/list', {
      token: admin.token,
      query: { keyword: member.user.userNo },
    });
    expect(listed.body.data.list).toEqual([expect.objectContaining({ bank_account_name: 'Chan Tai Man' })]);
  });

  it('still takes an application without holder and country (callers of before), and refuses a bad one', async () => {
    const member = await fundedMember(api, 10_000);
    const body = { amount: '5', bank_name: 'Bank', bank_code: 'B1', bank_card_number: '1234' };
    const ok = await api.post<WithdrawalItem>('/api/wallet/create-withdraw-record', body, {
      token: member.token,
      headers: idemKey(),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ bank_account_name: null, bank_country: null });
    const tooLong = await api.post('/api/me', { bank_code: 'x'.repeat(21) }, { token: member.token });
    expect(tooLong.status).toBe(422);
  });
});

import { type Locale, type Paged, systemText, type UserDetail, type WalletRecordItem } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from '../test/test-app';
import { postEntry } from './ledger';
import { expectLedgerBalanced, fundedMember, type SignedIn, signedInAdmin } from './wallet-fixtures';

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

/** The remarks of a member's wallet records, newest first, as `who` reads them in `locale`. */
async function remarks(who: SignedIn, userId: number, locale: Locale) {
  const res = await api.get<Paged<WalletRecordItem>>(`/api/wallet/${userId}/record`, {
    token: who.token,
    locale,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list.map((r) => [r.kind, r.remark]);
}

describe('remarks the system writes are read in the viewer’s language (docs/product/wallet.md, "System remarks")', () => {
  it('a bonus record’s remark in zh-HK and zh-CN; an older English remark as it was written', async () => {
    const member = await fundedMember(api, 0);
    for (const remark of ['bonus run #3', systemText('remark.bonusRun', { runId: 1234 })])
      await api.db.transaction((tx) =>
        postEntry(tx, { userId: member.user.id, amountCents: 100, move: 'credit', kind: 'bonus', remark }),
      );
    expect(await remarks(member, member.user.id, 'zh-HK')).toEqual([
      ['bonus', '結算批次 #1234 的獎金'],
      ['bonus', 'bonus run #3'],
    ]);
    expect(await remarks(admin, member.user.id, 'zh-CN')).toEqual([
      ['bonus', '结算批次 #1234 的奖金'],
      ['bonus', 'bonus run #3'],
    ]);
    expect((await remarks(member, member.user.id, 'en-US'))[0]).toEqual([
      'bonus',
      'Bonus of settlement run #1234',
    ]);
  });

  it('a member’s own transfer remark stays exactly as typed, even one shaped like a system text', async () => {
    const sender = await fundedMember(api, 10_000);
    const receiver = await fundedMember(api, 0);
    const typed = ['午餐 lunch', systemText('remark.bonusRun', { runId: 1 })];
    for (const remark of typed) {
      const sent = await api.post(
        '/api/wallet/sendTransfer',
        { user_no: receiver.user.userNo, amount: '1.00', remark },
        { token: sender.token },
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    for (const locale of ['zh-HK', 'zh-CN'] as const) {
      expect(await remarks(receiver, receiver.user.id, locale)).toEqual(
        [...typed].reverse().map((remark) => ['transfer_in', remark]),
      );
      const list = await api.get<Paged<{ remark: string | null }>>('/api/wallet/transferList', {
        token: sender.token,
        locale,
      });
      expect(list.body.data.list.map((t) => t.remark)).toEqual([...typed].reverse());
    }
  });

  it('a level change the system wrote (registration) in the member’s detail', async () => {
    const member = await api.factory.member();
    for (const [locale, text] of [
      ['zh-HK', '註冊'],
      ['zh-CN', '注册'],
      ['en-US', 'Registration'],
    ] as const) {
      const res = await api.get<UserDetail>(`/api/users/${member.id}`, { token: admin.token, locale });
      expect(res.status).toBe(200);
      expect(res.body.data.level_history?.map((h) => h.remark)).toEqual([text]);
    }
  });
});

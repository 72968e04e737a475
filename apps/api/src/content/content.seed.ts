import type { ContentInput, LocalizedText } from '@app/contracts';
import type { DbOrTx } from '../platform/db/client';
import type { DemoWorld } from '../seed/demo-world';
import { contentReads } from './content.schema';
import { createContent } from './content.service';

const DAY = 86_400_000;
const text = (en: string, hk: string, cn: string): LocalizedText => ({
  'en-US': en,
  'zh-HK': hk,
  'zh-CN': cn,
});

const DEMO: Array<
  Partial<ContentInput> & Pick<ContentInput, 'kind' | 'title' | 'body'> & { daysAgo: number }
> = [
  {
    kind: 'announcement',
    title: text('Welcome to the new back-office', '歡迎使用全新後台', '欢迎使用全新后台'),
    body: text(
      '<p>The back-office now shows your <strong>wallet</strong>, <strong>sponsor tree</strong> and announcements in one place.</p>',
      '<p>後台現在把<strong>錢包</strong>、<strong>推薦樹</strong>和公告集中在一處。</p>',
      '<p>后台现在把<strong>钱包</strong>、<strong>推荐树</strong>和公告集中在一处。</p>',
    ),
    pinned: true,
    daysAgo: 20,
  },
  {
    kind: 'announcement',
    title: text('Scheduled maintenance on Sunday', '星期日系統維護', ''),
    body: text(
      '<p>The system is offline from 02:00 to 04:00 (HKT).</p>',
      '<p>系統將於凌晨 2 時至 4 時（香港時間）暫停。</p>',
      '',
    ),
    daysAgo: 2,
  },
  {
    kind: 'announcement',
    title: text('Bonus settlement for Special members', '特別會員獎金結算', '特别会员奖金结算'),
    body: text(
      '<p>Group sales bonuses for last month are now in your wallet.</p>',
      '<p>上月團隊銷售獎金已存入錢包。</p>',
      '<p>上月团队销售奖金已存入钱包。</p>',
    ),
    audience_level_ids: [3, 4],
    daysAgo: 1,
  },
  {
    kind: 'announcement',
    title: text('Year-end gala (draft)', '年終晚會（草稿）', '年终晚会（草稿）'),
    body: text('<p>Details to follow.</p>', '<p>詳情稍後公佈。</p>', '<p>详情稍后公布。</p>'),
    published: false,
    daysAgo: 0,
  },
  {
    kind: 'article',
    title: text('How the referral bonus works', '推薦獎金如何計算', '推荐奖金如何计算'),
    body: text(
      '<h2>Referral bonus</h2><p>Your level sets the ratio applied to the sales points of each order of a direct referral.</p><ul><li>Pioneer 20 %</li><li>Special 25 %</li><li>Life-time Scholar 30 %</li></ul>',
      '<h2>推薦獎金</h2><p>你的等級決定直接推薦會員每張訂單銷售積分的獎金比例。</p>',
      '<h2>推荐奖金</h2><p>你的等级决定直接推荐会员每张订单销售积分的奖金比例。</p>',
    ),
    daysAgo: 30,
  },
  {
    kind: 'article',
    title: text('Withdrawing to your bank account', '提款到銀行帳戶', '提款到银行账户'),
    body: text(
      '<p>Fill in your bank details under <em>Personal Center</em>, then apply on the Wallet page.</p>',
      '<p>先在<em>個人中心</em>填寫銀行資料，再到錢包頁面申請。</p>',
      '',
    ),
    daysAgo: 10,
  },
];

/** A few announcements and articles; the demo member has read the oldest. */
export async function seedContent(db: DbOrTx, world: DemoWorld): Promise<void> {
  const ids: number[] = [];
  for (const { daysAgo, ...item } of DEMO) {
    const input: ContentInput = {
      audience_level_ids: [],
      published: true,
      pinned: false,
      attachment_ids: [],
      publish_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
      ...item,
    };
    ids.push(await createContent(db, input, world.superAdmin.id));
  }
  await db.insert(contentReads).values({ itemId: ids[0]!, userId: world.demoMember.id });
}

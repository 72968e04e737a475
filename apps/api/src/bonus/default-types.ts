import { type BonusColumn, BonusKey, type BonusParamsInput, bonusParams } from '@app/contracts';

interface DefaultBonusType {
  key: number;
  names: [en: string, zhHk: string, zhCn: string];
  params: BonusParamsInput;
  columns: BonusColumn[];
}

const orderColumns: BonusColumn[] = ['period', 'orderNo', 'buyer', 'salesPoint', 'ratio', 'amount', 'time'];
const channelColumns: BonusColumn[] = [
  'period',
  'orderNo',
  'provider',
  'salesPoint',
  'ratio',
  'amount',
  'time',
];
const monthColumns: BonusColumn[] = ['period', 'salesPoint', 'ratio', 'amount', 'time'];

/**
 * Bonus types 1–11 (docs/product/bonus.md) as configured instances of the rule kinds.
 * Seeded once (bootstrap); admins edit them at /config/index afterwards.
 */
const DEFAULTS: DefaultBonusType[] = [
  {
    key: BonusKey.referral,
    names: ['Referral bonus', '推薦獎金', '推荐奖金'],
    params: { kind: 'direct', tree: 'sponsor', ratio: { levelField: 'invitationRatioBp' } },
    columns: orderColumns,
  },
  {
    key: BonusKey.secondGeneration,
    names: ['2nd-generation bonus', '第二代獎金', '第二代奖金'],
    params: { kind: 'generation', generation: 2, ratio: { levelField: 'secondGenRatioBp' } },
    columns: orderColumns,
  },
  {
    key: BonusKey.globalDividend,
    names: ['Global dividend', '全球分紅', '全球分红'],
    params: { kind: 'poolShare', poolBp: 1500, spPerShare: 1000, minLevel: 2 },
    columns: ['period', 'salesPoint', 'shares', 'totalShares', 'pool', 'amount', 'time'],
  },
  {
    key: BonusKey.thirdGeneration,
    names: ['3rd-generation bonus', '第三代獎金', '第三代奖金'],
    params: { kind: 'generation', generation: 3, ratio: { levelField: 'thirdGenRatioBp' } },
    columns: orderColumns,
  },
  {
    key: BonusKey.channelReferral,
    names: ['Channel referral bonus', '渠道推薦獎金', '渠道推荐奖金'],
    params: {
      kind: 'providerReferral',
      payTo: 'referrer',
      qualifiedCpOnly: false,
      ratio: { bpByLevel: [200, 200, 200, 200] },
    },
    columns: channelColumns,
  },
  {
    key: BonusKey.groupSales,
    names: ['Group sales bonus', '團隊銷售獎金', '团队销售奖金'],
    params: {
      kind: 'groupVolume',
      minDepth: 2,
      maxDepth: null,
      minLevel: 3,
      ratio: { bpByLevel: [100, 100, 100, 100] },
    },
    columns: monthColumns,
  },
  {
    key: BonusKey.iBloomer,
    names: ['iBloomer bonus', 'iBloomer 獎金', 'iBloomer 奖金'],
    params: { kind: 'direct', tree: 'iblommer', ratio: { bpByLevel: [500, 500, 500, 500] } },
    columns: orderColumns,
  },
  {
    key: BonusKey.cpReferral,
    names: ['CP referral reward', 'CP 推薦獎勵', 'CP 推荐奖励'],
    params: {
      kind: 'providerReferral',
      payTo: 'referrerSponsor',
      qualifiedCpOnly: true,
      ratio: { bpByLevel: [300, 300, 300, 300] },
    },
    columns: channelColumns,
  },
  {
    key: BonusKey.team,
    names: ['Team bonus', '團隊獎金', '团队奖金'],
    params: {
      kind: 'treeDepth',
      minDepth: 1,
      maxDepth: 10,
      minLevel: 2,
      ratio: { bpByLevel: [50, 50, 50, 50] },
    },
    columns: [...monthColumns.slice(0, -1), 'downline', 'time'],
  },
  {
    key: BonusKey.wecReward,
    names: ['WEC assessment reward', 'WEC 考核獎勵', 'WEC 考核奖励'],
    params: { kind: 'oneOff', amountCents: 100_000 },
    columns: ['period', 'amount', 'time'],
  },
  {
    key: BonusKey.cpProfit,
    names: ['CP profit', 'CP 利潤', 'CP 利润'],
    params: {
      kind: 'providerReferral',
      payTo: 'referrer',
      qualifiedCpOnly: true,
      ratio: { bpByLevel: [1000, 1000, 1000, 1000] },
    },
    columns: channelColumns,
  },
];

/** The defaults with their params validated (and defaults such as minLevel filled in). */
export const DEFAULT_BONUS_TYPES = DEFAULTS.map((t) => ({ ...t, params: bonusParams.parse(t.params) }));

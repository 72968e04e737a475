import { defineMessages } from '../locales';
import type { AuditAction, AuditActorKind, AuditTarget } from '../schemas/audit';

type Labels = {
  actions: Record<AuditAction, string>;
  targets: Record<AuditTarget, string>;
  kinds: Record<AuditActorKind, string>;
  ui: {
    title: string;
    time: string;
    actor: string;
    actorKeyword: string;
    actorKind: string;
    action: string;
    target: string;
    targetType: string;
    targetId: string;
    origin: string;
    changes: string;
    dates: string;
    search: string;
    reset: string;
    userAgent: string;
  };
};

/** Every action, kind of record and kind of actor gets a label: a new one fails to type-check until it has three. */
const catalogue = ({ actions, targets, kinds, ui }: Labels) => ({
  ...prefixed('audit.action.', actions),
  ...prefixed('audit.target.', targets),
  ...prefixed('audit.actorKind.', kinds),
  ...prefixed('audit.ui.', ui),
});

/** `{ create: 'Created' }` under `audit.action.` → `{ 'audit.action.create': 'Created' }`, keys typed. */
const prefixed = <P extends string, K extends string>(prefix: P, labels: Record<K, string>) =>
  Object.fromEntries(Object.entries(labels).map(([key, label]) => [`${prefix}${key}`, label])) as Record<
    `${P}${K}`,
    string
  >;

const en: Labels = {
  actions: {
    create: 'Created',
    update: 'Edited',
    delete: 'Deleted',
    status: 'Status changed',
    move: 'Moved',
    import: 'Imported',
    upload: 'Uploaded',
    publish: 'Published / unpublished',
    pin: 'Pinned / unpinned',
    refund: 'Refunded',
    transfer: 'Transferred',
    apply: 'Applied',
    cancel: 'Cancelled',
    agree: 'Approved',
    refuse: 'Rejected',
    paid: 'Marked paid',
    failed: 'Marked failed',
    complete: 'Completed',
    reject: 'Rejected',
    settle: 'Settled',
    dry_run: 'Dry run',
    compute: 'Computed for approval',
    approve: 'Approved',
  },
  targets: {
    admin: 'Administrator',
    role: 'Role',
    permission: 'Permission',
    user: 'Member',
    'user.profile': 'Own profile',
    'user.bank': 'Bank details',
    'user.two_factor': 'Two-factor sign-in',
    'user.sponsor': 'Sponsor tree position',
    'user.iblommer': 'iBloomer tree position',
    level: 'Level',
    report_package: 'Report numbers',
    wallet_transfer: 'Wallet transfer',
    withdrawal: 'Withdrawal',
    recharge: 'Recharge',
    order: 'Order',
    bonus_type: 'Bonus setting',
    bonus_settlement_run: 'Bonus settlement run',
    provider: 'Channel provider',
    product: 'Product',
    content: 'Announcement / information',
    content_attachment: 'Attachment',
    key_number_category: 'Key number category',
    qualified_cp: 'Qualified CP',
    wec_assessment: 'WEC assessment',
    business_settings: 'Business time zone',
  },
  kinds: { admin: 'Administrator', member: 'Member', system: 'System' },
  ui: {
    title: 'Operation log',
    time: 'Time',
    actor: 'Operator',
    actorKeyword: 'Operator name or address',
    actorKind: 'Operator type',
    action: 'Action',
    target: 'Record',
    targetType: 'Record type',
    targetId: 'Record id',
    origin: 'From',
    changes: 'Changes',
    dates: 'Date range',
    search: 'Search',
    reset: 'Reset',
    userAgent: 'Browser',
  },
};

const zhHK: Labels = {
  actions: {
    create: '新增',
    update: '編輯',
    delete: '刪除',
    status: '更改狀態',
    move: '移動',
    import: '匯入',
    upload: '上載',
    publish: '發佈／取消發佈',
    pin: '置頂／取消置頂',
    refund: '退款',
    transfer: '轉帳',
    apply: '申請',
    cancel: '取消',
    agree: '批准',
    refuse: '拒絕',
    paid: '標記已付款',
    failed: '標記付款失敗',
    complete: '完成',
    reject: '駁回',
    settle: '結算',
    dry_run: '試算',
    compute: '計算待審批',
    approve: '已審批',
  },
  targets: {
    admin: '管理員',
    role: '角色',
    permission: '權限',
    user: '會員',
    'user.profile': '個人資料',
    'user.bank': '銀行資料',
    'user.two_factor': '雙重驗證',
    'user.sponsor': '推薦樹位置',
    'user.iblommer': 'iBloomer 樹位置',
    level: '等級',
    report_package: '報告數量',
    wallet_transfer: '錢包轉帳',
    withdrawal: '提現',
    recharge: '充值',
    order: '訂單',
    bonus_type: '獎金設定',
    bonus_settlement_run: '獎金結算',
    provider: '渠道商',
    product: '產品',
    content: '公告／資訊',
    content_attachment: '附件',
    key_number_category: '關鍵數字類別',
    qualified_cp: '合資格 CP',
    wec_assessment: 'WEC 考核',
    business_settings: '營業時區',
  },
  kinds: { admin: '管理員', member: '會員', system: '系統' },
  ui: {
    title: '操作日誌',
    time: '時間',
    actor: '操作人',
    actorKeyword: '操作人名稱或地址',
    actorKind: '操作人類型',
    action: '操作',
    target: '記錄',
    targetType: '記錄類型',
    targetId: '記錄編號',
    origin: '來源',
    changes: '變更',
    dates: '日期範圍',
    search: '搜索',
    reset: '重設',
    userAgent: '瀏覽器',
  },
};

const zhCN: Labels = {
  actions: {
    create: '新增',
    update: '编辑',
    delete: '删除',
    status: '更改状态',
    move: '移动',
    import: '导入',
    upload: '上传',
    publish: '发布／取消发布',
    pin: '置顶／取消置顶',
    refund: '退款',
    transfer: '转账',
    apply: '申请',
    cancel: '取消',
    agree: '批准',
    refuse: '拒绝',
    paid: '标记已付款',
    failed: '标记付款失败',
    complete: '完成',
    reject: '驳回',
    settle: '结算',
    dry_run: '试算',
    compute: '计算待审批',
    approve: '已审批',
  },
  targets: {
    admin: '管理员',
    role: '角色',
    permission: '权限',
    user: '会员',
    'user.profile': '个人资料',
    'user.bank': '银行资料',
    'user.two_factor': '双重验证',
    'user.sponsor': '推荐树位置',
    'user.iblommer': 'iBloomer 树位置',
    level: '等级',
    report_package: '报告数量',
    wallet_transfer: '钱包转账',
    withdrawal: '提现',
    recharge: '充值',
    order: '订单',
    bonus_type: '奖金设定',
    bonus_settlement_run: '奖金结算',
    provider: '渠道商',
    product: '产品',
    content: '公告／资讯',
    content_attachment: '附件',
    key_number_category: '关键数字类别',
    qualified_cp: '合资格 CP',
    wec_assessment: 'WEC 考核',
    business_settings: '营业时区',
  },
  kinds: { admin: '管理员', member: '会员', system: '系统' },
  ui: {
    title: '操作日志',
    time: '时间',
    actor: '操作人',
    actorKeyword: '操作人名称或地址',
    actorKind: '操作人类型',
    action: '操作',
    target: '记录',
    targetType: '记录类型',
    targetId: '记录编号',
    origin: '来源',
    changes: '变更',
    dates: '日期范围',
    search: '搜索',
    reset: '重置',
    userAgent: '浏览器',
  },
};

/**
 * The operation log (/permission/audit), the change-log drawers of the permission pages and the log's export: the
 * screens and the spreadsheet read the same labels.
 */
export const auditMessages = defineMessages(catalogue(en), catalogue(zhHK), catalogue(zhCN));

import { defineMessages } from '../locales';

/** Member list, user detail and report numbers (docs/product/members.md). */
export const membersMessages = defineMessages(
  {
    'members.parentRequired': 'Upline must be selected',
    'members.reportNumberRequired': 'at least one report number must be set',
    'members.hasDownline': 'This member cannot be deleted: {count} members are still below them',
    'members.hasDownline_one': 'This member cannot be deleted: {count} member is still below them',
    'members.hasMoney': 'This member cannot be deleted: the wallet still holds {amount}',
    'members.hasHistory': 'This member cannot be deleted: orders or wallet records still refer to them',
    'members.levelNotFound': 'This level does not exist',
    'members.report.period': 'Period',
    'members.report.total': 'Total',
  },
  {
    'members.parentRequired': '必須選擇上級',
    'members.reportNumberRequired': '至少須設定一項報告次數',
    'members.hasDownline': '無法刪除此會員：其下仍有 {count} 名會員',
    'members.hasMoney': '無法刪除此會員：錢包仍有 {amount}',
    'members.hasHistory': '無法刪除此會員：仍有訂單或錢包記錄關聯此會員',
    'members.levelNotFound': '此等級不存在',
    'members.report.period': '期間',
    'members.report.total': '合計',
  },
  {
    'members.parentRequired': '必须选择上级',
    'members.reportNumberRequired': '至少须设置一项报告次数',
    'members.hasDownline': '无法删除此会员：其下仍有 {count} 名会员',
    'members.hasMoney': '无法删除此会员：钱包仍有 {amount}',
    'members.hasHistory': '无法删除此会员：仍有订单或钱包记录关联此会员',
    'members.levelNotFound': '此等级不存在',
    'members.report.period': '期间',
    'members.report.total': '合计',
  },
);

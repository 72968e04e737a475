import { defineMessages } from '../locales';

/**
 * Remarks the system writes on wallet records and level changes, stored as their key and parameters
 * (system-text.ts `systemText`) and read in the viewer's language.
 */
export const remarksMessages = defineMessages(
  {
    'remark.bonusRun': 'Bonus of settlement run #{runId}',
    'remark.heldBonusReleased': 'Held bonus released',
    'remark.heldBonusOfRunReleased': 'Held bonus of settlement run #{runId} released',
    'remark.refundReversal': 'Reversed: order {orderNo} refunded',
    'remark.wecReward': 'WEC assessment reward',
    'remark.registration': 'Registration',
    'remark.adminChange': 'Changed by an administrator',
  },
  {
    'remark.bonusRun': '結算批次 #{runId} 的獎金',
    'remark.heldBonusReleased': '暫扣獎金已發放',
    'remark.heldBonusOfRunReleased': '結算批次 #{runId} 的暫扣獎金已發放',
    'remark.refundReversal': '沖回：訂單 {orderNo} 已退款',
    'remark.wecReward': 'WEC 考核獎勵',
    'remark.registration': '註冊',
    'remark.adminChange': '管理員變更',
  },
  {
    'remark.bonusRun': '结算批次 #{runId} 的奖金',
    'remark.heldBonusReleased': '暂扣奖金已发放',
    'remark.heldBonusOfRunReleased': '结算批次 #{runId} 的暂扣奖金已发放',
    'remark.refundReversal': '冲回：订单 {orderNo} 已退款',
    'remark.wecReward': 'WEC 考核奖励',
    'remark.registration': '注册',
    'remark.adminChange': '管理员变更',
  },
);

import { defineMessages } from '../locales';

/**
 * Notifications: each kind's title (in-app and the e-mail's subject), the waiting work of administrators, and the
 * e-mail's lines (docs/product/notifications.md).
 */
export const notificationsMessages = defineMessages(
  {
    'notifications.payout_credited': 'Bonus run #{runId}: {amount} credited to your wallet ({count} payouts)',
    'notifications.payout_credited_one':
      'Bonus run #{runId}: {amount} credited to your wallet ({count} payout)',
    'notifications.payouts_released': '{amount} of held bonuses released to your wallet ({count} payouts)',
    'notifications.payouts_released_one': '{amount} of held bonuses released to your wallet ({count} payout)',
    'notifications.withdrawal.4': 'Your withdrawal of {amount} was approved and is being paid',
    'notifications.withdrawal.2': 'Your withdrawal of {amount} was rejected: {reason}',
    'notifications.withdrawal.5':
      'The payment of your withdrawal of {amount} failed; the amount is back in your wallet',
    'notifications.withdrawal.6': 'Your withdrawal of {amount} was paid',
    'notifications.transfer_received': 'You received {amount} from {from}',
    'notifications.recharge_completed': 'A recharge of {amount} was credited to your wallet',
    'notifications.job_failed': 'A task failed ({task}): {error}',
    'notifications.withdrawal_waiting': 'Withdrawal applications waiting: {count}',
    'notifications.recharge_waiting': 'Recharges waiting: {count}',
    'notifications.settlement_waiting': 'Settlement runs awaiting approval: {count}',
    'notifications.withdrawal_applied': 'A withdrawal of {amount} is waiting for you ({member})',
    'notifications.recharge_created': 'A recharge of {amount} is waiting for you ({member})',
    'notifications.settlement_computed': 'Settlement run #{runId} ({period}) awaits approval',
    'notifications.mail.open': 'Open: {url}',
    'notifications.mail.why':
      'You receive this e-mail because you chose it in your notification preferences.',
    'notifications.saved': 'Notification preferences saved',
  },
  {
    'notifications.payout_credited': '獎金結算 #{runId}：{amount} 已存入您的錢包（{count} 筆）',
    'notifications.payouts_released': '已暫停的獎金 {amount} 已發放到您的錢包（{count} 筆）',
    'notifications.withdrawal.4': '您 {amount} 的提現已批准，正在付款',
    'notifications.withdrawal.2': '您 {amount} 的提現被拒絕：{reason}',
    'notifications.withdrawal.5': '您 {amount} 的提現付款失敗，款項已退回錢包',
    'notifications.withdrawal.6': '您 {amount} 的提現已付款',
    'notifications.transfer_received': '您收到 {from} 轉來的 {amount}',
    'notifications.recharge_completed': '{amount} 的充值已存入您的錢包',
    'notifications.job_failed': '任務失敗（{task}）：{error}',
    'notifications.withdrawal_waiting': '待處理的提現申請：{count}',
    'notifications.recharge_waiting': '待處理的充值：{count}',
    'notifications.settlement_waiting': '待批准的獎金結算：{count}',
    'notifications.withdrawal_applied': '有一筆 {amount} 的提現等待您處理（{member}）',
    'notifications.recharge_created': '有一筆 {amount} 的充值等待您處理（{member}）',
    'notifications.settlement_computed': '獎金結算 #{runId}（{period}）等待批准',
    'notifications.mail.open': '開啟：{url}',
    'notifications.mail.why': '您收到此電郵，是因為您在通知設定中選擇了它。',
    'notifications.saved': '通知設定已儲存',
  },
  {
    'notifications.payout_credited': '奖金结算 #{runId}：{amount} 已存入您的钱包（{count} 笔）',
    'notifications.payouts_released': '已暂停的奖金 {amount} 已发放到您的钱包（{count} 笔）',
    'notifications.withdrawal.4': '您 {amount} 的提现已批准，正在付款',
    'notifications.withdrawal.2': '您 {amount} 的提现被拒绝：{reason}',
    'notifications.withdrawal.5': '您 {amount} 的提现付款失败，款项已退回钱包',
    'notifications.withdrawal.6': '您 {amount} 的提现已付款',
    'notifications.transfer_received': '您收到 {from} 转来的 {amount}',
    'notifications.recharge_completed': '{amount} 的充值已存入您的钱包',
    'notifications.job_failed': '任务失败（{task}）：{error}',
    'notifications.withdrawal_waiting': '待处理的提现申请：{count}',
    'notifications.recharge_waiting': '待处理的充值：{count}',
    'notifications.settlement_waiting': '待批准的奖金结算：{count}',
    'notifications.withdrawal_applied': '有一笔 {amount} 的提现等待您处理（{member}）',
    'notifications.recharge_created': '有一笔 {amount} 的充值等待您处理（{member}）',
    'notifications.settlement_computed': '奖金结算 #{runId}（{period}）等待批准',
    'notifications.mail.open': '打开：{url}',
    'notifications.mail.why': '您收到此电邮，是因为您在通知设置中选择了它。',
    'notifications.saved': '通知设置已保存',
  },
);

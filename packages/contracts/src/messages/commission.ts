import { defineMessages } from '../locales';

/** Commission status per member: pay, hold, forfeit (docs/product/bonus.md). */
export const commissionMessages = defineMessages(
  {
    'commission.reasonRequired': 'Give a reason to hold or forfeit commissions',
    'commission.saved': 'Commission status saved',
  },
  {
    'commission.reasonRequired': '暫停或沒收佣金須填寫原因',
    'commission.saved': '佣金狀態已儲存',
  },
  {
    'commission.reasonRequired': '暂停或没收佣金须填写原因',
    'commission.saved': '佣金状态已保存',
  },
);

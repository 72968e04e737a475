import { defineMessages } from '@app/contracts';

/** The earnings statement pages (/statement, /user/statement/:id) and the income disclosure (/user/income-disclosure). */
export const statementsUiMessages = defineMessages(
  {
    'statementUi.print': 'Print',
    'statementUi.export': 'Export',
    'statementUi.payoutsTitle': 'Payouts of the month',
    'statementUi.none': 'None in this month',
    'statementUi.open': 'Earnings statement',
    'statementUi.withdrawalsByStatus': 'By status',
    'statementUi.walletNote':
      'A bonus reaches the wallet when its period is settled: bonuses of a month are often credited in the next month.',
    'statementUi.printNote': 'The printout lists the page of payouts shown; the export lists every payout.',
    'disclosureUi.export': 'Export',
    'disclosureUi.howComputed': 'How the figures are computed',
  },
  {
    'statementUi.print': '列印',
    'statementUi.export': '匯出',
    'statementUi.payoutsTitle': '本月獎金明細',
    'statementUi.none': '本月沒有記錄',
    'statementUi.open': '收益結單',
    'statementUi.withdrawalsByStatus': '按狀態',
    'statementUi.walletNote': '獎金在其期間結算後才入賬錢包：一個月的獎金通常在下一個月入賬。',
    'statementUi.printNote': '列印本只列出目前顯示的一頁獎金明細；匯出檔案列出全部明細。',
    'disclosureUi.export': '匯出',
    'disclosureUi.howComputed': '數字的計算方法',
  },
  {
    'statementUi.print': '打印',
    'statementUi.export': '导出',
    'statementUi.payoutsTitle': '本月奖金明细',
    'statementUi.none': '本月没有记录',
    'statementUi.open': '收益结单',
    'statementUi.withdrawalsByStatus': '按状态',
    'statementUi.walletNote': '奖金在其期间结算后才入账钱包：一个月的奖金通常在下一个月入账。',
    'statementUi.printNote': '打印件只列出当前显示的一页奖金明细；导出文件列出全部明细。',
    'disclosureUi.export': '导出',
    'disclosureUi.howComputed': '数字的计算方法',
  },
);

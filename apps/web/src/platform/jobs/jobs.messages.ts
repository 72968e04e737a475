import { defineMessages } from '@app/contracts';

/** The progress dialog of export, import and bonus settlement jobs (`platform/jobs`). */
export const jobsUiMessages = defineMessages(
  {
    'jobDialog.title': 'Exporting {file}',
    'jobDialog.queued': 'Waiting to start…',
    'jobDialog.running': 'Writing rows: {processed} of {total}',
    'jobDialog.done': '{processed} rows exported; the download has started.',
    'jobDialog.failed': 'The export failed',
    'jobDialog.downloadAgain': 'Download again',
    'jobDialog.close': 'Close',
    'jobDialog.import.title': 'Importing {file}',
    'jobDialog.import.running': 'Checking rows: {processed} of {total}',
    'jobDialog.import.done': '{processed} of {total} row(s) imported',
    'jobDialog.import.failed':
      'The import failed: {processed} of {total} row(s) were imported and stay imported',
    'jobDialog.import.downloadErrors': 'Download error file',
    'jobDialog.settlement.title': 'Settlement run: {file}',
    'jobDialog.settlement.running': '{processed} / {total} payouts…',
    'jobDialog.settlement.done': 'Finished: {processed} / {total} payouts',
    'jobDialog.settlement.failed':
      'The settlement run failed: {processed} of {total} payouts were paid and stay paid; running the period again pays the rest',
  },
  {
    'jobDialog.title': '正在匯出 {file}',
    'jobDialog.queued': '等待開始…',
    'jobDialog.running': '正在寫入：{processed} / {total} 行',
    'jobDialog.done': '已匯出 {processed} 行，下載已開始。',
    'jobDialog.failed': '匯出失敗',
    'jobDialog.downloadAgain': '重新下載',
    'jobDialog.close': '關閉',
    'jobDialog.import.title': '正在導入 {file}',
    'jobDialog.import.running': '正在檢查：{processed} / {total} 行',
    'jobDialog.import.done': '已導入 {processed} / {total} 行',
    'jobDialog.import.failed': '導入失敗：{total} 行中已導入並保留 {processed} 行',
    'jobDialog.import.downloadErrors': '下載錯誤文件',
    'jobDialog.settlement.title': '結算：{file}',
    'jobDialog.settlement.running': '{processed} / {total} 筆獎金…',
    'jobDialog.settlement.done': '完成：{processed} / {total} 筆獎金',
    'jobDialog.settlement.failed':
      '結算失敗：已發放 {processed} / {total} 筆獎金並保留，再次結算此期間會發放其餘款項',
  },
  {
    'jobDialog.title': '正在导出 {file}',
    'jobDialog.queued': '等待开始…',
    'jobDialog.running': '正在写入：{processed} / {total} 行',
    'jobDialog.done': '已导出 {processed} 行，下载已开始。',
    'jobDialog.failed': '导出失败',
    'jobDialog.downloadAgain': '重新下载',
    'jobDialog.close': '关闭',
    'jobDialog.import.title': '正在导入 {file}',
    'jobDialog.import.running': '正在检查：{processed} / {total} 行',
    'jobDialog.import.done': '已导入 {processed} / {total} 行',
    'jobDialog.import.failed': '导入失败：{total} 行中已导入并保留 {processed} 行',
    'jobDialog.import.downloadErrors': '下载错误文件',
    'jobDialog.settlement.title': '结算：{file}',
    'jobDialog.settlement.running': '{processed} / {total} 笔奖金…',
    'jobDialog.settlement.done': '完成：{processed} / {total} 笔奖金',
    'jobDialog.settlement.failed':
      '结算失败：已发放 {processed} / {total} 笔奖金并保留，再次结算此期间会发放其余款项',
  },
);

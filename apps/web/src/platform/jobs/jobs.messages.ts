import { defineMessages } from '@app/contracts';

/** The progress dialog of export jobs (`platform/jobs`). */
export const jobsUiMessages = defineMessages(
  {
    'jobDialog.title': 'Exporting {file}',
    'jobDialog.queued': 'Waiting to start…',
    'jobDialog.running': 'Writing rows: {processed} of {total}',
    'jobDialog.done': '{processed} rows exported; the download has started.',
    'jobDialog.failed': 'The export failed',
    'jobDialog.downloadAgain': 'Download again',
    'jobDialog.close': 'Close',
  },
  {
    'jobDialog.title': '正在匯出 {file}',
    'jobDialog.queued': '等待開始…',
    'jobDialog.running': '正在寫入：{processed} / {total} 行',
    'jobDialog.done': '已匯出 {processed} 行，下載已開始。',
    'jobDialog.failed': '匯出失敗',
    'jobDialog.downloadAgain': '重新下載',
    'jobDialog.close': '關閉',
  },
  {
    'jobDialog.title': '正在导出 {file}',
    'jobDialog.queued': '等待开始…',
    'jobDialog.running': '正在写入：{processed} / {total} 行',
    'jobDialog.done': '已导出 {processed} 行，下载已开始。',
    'jobDialog.failed': '导出失败',
    'jobDialog.downloadAgain': '重新下载',
    'jobDialog.close': '关闭',
  },
);

import { defineMessages } from '../locales';

/** Jobs: exports and other long work recorded in the database. */
export const jobsMessages = defineMessages(
  {
    'jobs.failed': 'The export failed. Please try again.',
    'jobs.interrupted':
      'The export stopped before it finished (the server restarted). Please start it again.',
    'jobs.notReady': 'The file is not ready yet',
  },
  {
    'jobs.failed': '匯出失敗，請重試。',
    'jobs.interrupted': '匯出未完成便已中斷（伺服器曾重新啟動），請重新匯出。',
    'jobs.notReady': '文件尚未準備好',
  },
  {
    'jobs.failed': '导出失败，请重试。',
    'jobs.interrupted': '导出未完成便已中断（服务器曾重新启动），请重新导出。',
    'jobs.notReady': '文件尚未准备好',
  },
);

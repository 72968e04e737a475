import { defineMessages } from '../locales';

/** Jobs: exports, imports and other long work recorded in the database. */
export const jobsMessages = defineMessages(
  {
    'jobs.failed': 'The task failed and changed nothing. Please try again.',
    'jobs.interrupted':
      'The task stopped before it finished (the server restarted) and changed nothing. Please start it again.',
    'jobs.notReady': 'The file is not ready yet',
  },
  {
    'jobs.failed': '工作失敗，未作任何更改，請重試。',
    'jobs.interrupted': '工作未完成便已中斷（伺服器曾重新啟動），未作任何更改，請重新開始。',
    'jobs.notReady': '文件尚未準備好',
  },
  {
    'jobs.failed': '任务失败，未作任何更改，请重试。',
    'jobs.interrupted': '任务未完成便已中断（服务器曾重新启动），未作任何更改，请重新开始。',
    'jobs.notReady': '文件尚未准备好',
  },
);

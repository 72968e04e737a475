import { defineMessages } from '../locales';

/** Jobs: exports, imports and other long work recorded in the database. */
export const jobsMessages = defineMessages(
  {
    'jobs.failed': 'The task failed and changed nothing. Please try again.',
    'jobs.interrupted':
      'The task stopped before it finished (the server restarted) and changed nothing. Please start it again.',
    'jobs.notReady': 'The file is not ready yet',
    'jobs.ownerLost':
      'The server running this task stopped before it finished; what it had not saved was undone. Please start it again.',
  },
  {
    'jobs.failed': '工作失敗，未作任何更改，請重試。',
    'jobs.interrupted': '工作未完成便已中斷（伺服器曾重新啟動），未作任何更改，請重新開始。',
    'jobs.notReady': '文件尚未準備好',
    'jobs.ownerLost': '執行此工作的伺服器在完成前已停止，未儲存的部分已撤銷，請重新開始。',
  },
  {
    'jobs.failed': '任务失败，未作任何更改，请重试。',
    'jobs.interrupted': '任务未完成便已中断（服务器曾重新启动），未作任何更改，请重新开始。',
    'jobs.notReady': '文件尚未准备好',
    'jobs.ownerLost': '执行此任务的服务器在完成前已停止，未保存的部分已撤销，请重新开始。',
  },
);

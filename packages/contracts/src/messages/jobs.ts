import { defineMessages } from '../locales';

/** Jobs: exports, imports and other long work recorded in the database. */
export const jobsMessages = defineMessages(
  {
    'jobs.failed': 'The task failed and changed nothing. Please try again.',
    'jobs.interrupted':
      'The task stopped before it finished (the server restarted) and changed nothing. Please start it again.',
    'jobs.notReady': 'The file is not ready yet',
    'jobs.failedPartway':
      'The task stopped part-way: the work counted as done stays saved, the rest was undone. Check it before starting again.',
    'jobs.ownerLost':
      'The server running this task stopped before it finished; what it had not saved was undone. Please start it again.',
  },
  {
    'jobs.failed': '工作失敗，未作任何更改，請重試。',
    'jobs.interrupted': '工作未完成便已中斷（伺服器曾重新啟動），未作任何更改，請重新開始。',
    'jobs.notReady': '文件尚未準備好',
    'jobs.failedPartway': '工作中途停止：已計入完成的部分保持已儲存，其餘已撤銷。重新開始前請先核對。',
    'jobs.ownerLost': '執行此工作的伺服器在完成前已停止，未儲存的部分已撤銷，請重新開始。',
  },
  {
    'jobs.failed': '任务失败，未作任何更改，请重试。',
    'jobs.interrupted': '任务未完成便已中断（服务器曾重新启动），未作任何更改，请重新开始。',
    'jobs.notReady': '文件尚未准备好',
    'jobs.failedPartway': '任务中途停止：已计入完成的部分保持已保存，其余已撤销。重新开始前请先核对。',
    'jobs.ownerLost': '执行此任务的服务器在完成前已停止，未保存的部分已撤销，请重新开始。',
  },
);

import type { JobStarted, JobView } from '@app/contracts';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../http';
import { useJob } from './useJob';

const save = (job: JobView) => download(job.download_url!, undefined, job.file_name, 'GET').catch(() => {});

const percent = (job: JobView | undefined) =>
  job?.status === 'done' ? 100 : job?.total ? Math.floor((job.processed / job.total) * 100) : 0;

/**
 * Shows a job's progress (processed / total rows) while it runs, downloads its file once
 * it is done, and the server's message when it failed.
 */
export function JobProgressModal({ started, onClose }: { started: JobStarted; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: job } = useJob(started.job_id);
  const saved = useRef(false);
  useEffect(() => {
    if (job?.status !== 'done' || saved.current) return;
    saved.current = true;
    void save(job);
  }, [job]);

  const status = job?.status ?? 'queued';
  const counts = { processed: job?.processed ?? 0, total: job?.total ?? '…' };
  return (
    <Modal
      open
      title={t('jobDialog.title', { file: job?.file_name ?? '' })}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space>
          {job?.status === 'done' && (
            <Button onClick={() => save(job)}>{t('jobDialog.downloadAgain')}</Button>
          )}
          <Button type={status === 'done' || status === 'failed' ? 'primary' : 'default'} onClick={onClose}>
            {t('jobDialog.close')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="job-progress">
        <Progress
          percent={percent(job)}
          status={status === 'failed' ? 'exception' : status === 'done' ? 'success' : 'active'}
        />
        {status === 'failed' ? (
          <Alert type="error" showIcon message={t('jobDialog.failed')} description={job?.error} />
        ) : (
          <Typography.Text>
            {status === 'done'
              ? t('jobDialog.done', counts)
              : status === 'running'
                ? t('jobDialog.running', counts)
                : t('jobDialog.queued')}
          </Typography.Text>
        )}
      </Space>
    </Modal>
  );
}

import { type JobStarted, type JobView, platformEndpoints } from '@app/contracts';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../http';
import { useJob, type useStartedJob } from './useJob';

/** The finished job's file (`download_url` says there is one): `GET /api/jobs/:id/file`. */
const save = (job: JobView) =>
  download(platformEndpoints.jobFile, job.file_name, { params: { id: job.id } }).catch(() => {});

const percent = (job: JobView | undefined) =>
  job?.status === 'done' ? 100 : job?.total ? Math.floor((job.processed / job.total) * 100) : 0;

/**
 * Texts of each kind of job: an export downloads its file when done; an import offers its error file; a
 * settlement run has no file (its caller shows the job's result).
 */
const TEXTS = {
  export: {
    title: 'jobDialog.title',
    running: 'jobDialog.running',
    done: 'jobDialog.done',
    failed: 'jobDialog.failed',
    download: 'jobDialog.downloadAgain',
  },
  import: {
    title: 'jobDialog.import.title',
    running: 'jobDialog.import.running',
    done: 'jobDialog.import.done',
    failed: 'jobDialog.import.failed',
    download: 'jobDialog.import.downloadErrors',
  },
  settlement: {
    title: 'jobDialog.settlement.title',
    running: 'jobDialog.settlement.running',
    done: 'jobDialog.settlement.done',
    failed: 'jobDialog.settlement.failed',
    download: null,
  },
} as const;

/**
 * Shows a job's progress (processed / total rows or payouts) while it runs and the server's message when
 * it failed (a failed job's `processed` counts only the work that stays saved). An export's file downloads by itself once done; an import's file is its failed rows, offered
 * with the partial-import warning. `source` names what the job works on (the uploaded file of an import,
 * the period of a settlement run); `onDone` hears the job once it is done.
 */
export function JobProgressModal({
  started,
  onClose,
  mode = 'export',
  source,
  onDone,
}: {
  started: JobStarted;
  onClose: () => void;
  mode?: keyof typeof TEXTS;
  source?: string;
  onDone?: (job: JobView) => void;
}) {
  const { t } = useTranslation();
  const { data: job } = useJob(started.job_id);
  const texts = TEXTS[mode];
  const finished = useRef(false);
  useEffect(() => {
    if (job?.status !== 'done' || finished.current) return;
    finished.current = true;
    if (mode === 'export') void save(job);
    onDone?.(job);
  }, [job, mode, onDone]);

  const status = job?.status ?? 'queued';
  // `count` (the total, once known) picks the texts' singular in English: '1 of 1 row imported'.
  const counts = { processed: job?.processed ?? 0, total: job?.total ?? '…', count: job?.total ?? undefined };
  const canDownload = status === 'done' && !!job?.download_url;
  return (
    <Modal
      open
      title={t(texts.title, { file: source ?? job?.file_name ?? '' })}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Space>
          {canDownload && texts.download && (
            <Button danger={mode === 'import'} onClick={() => save(job!)}>
              {t(texts.download)}
            </Button>
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
          <Alert
            type="error"
            showIcon
            message={t(
              mode === 'settlement' && !job?.processed
                ? 'jobDialog.settlement.failedNothingPaid'
                : texts.failed,
              counts,
            )}
            description={job?.error}
          />
        ) : (
          <Typography.Text>
            {status === 'done'
              ? t(texts.done, counts)
              : status === 'running'
                ? t(texts.running, counts)
                : t('jobDialog.queued')}
          </Typography.Text>
        )}
        {mode === 'import' && canDownload && (
          <Alert type="warning" showIcon message={t('common.importPartial')} />
        )}
      </Space>
    </Modal>
  );
}

/** The progress dialog of the job that `useStartedJob` started last, until the user closes it. */
export function StartedJobProgress({ job }: { job: ReturnType<typeof useStartedJob> }) {
  return job.started ? (
    <JobProgressModal key={job.started.job_id} started={job.started} onClose={job.clear} />
  ) : null;
}

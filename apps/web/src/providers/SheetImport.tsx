import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportKind, JobStarted } from '@app/contracts';
import { Button, Progress, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JobProgressModal } from '../platform/jobs/JobProgressModal';
import { downloadImportTemplate, useUploadImport } from './providers.api';

/**
 * Template download and .xlsx/.csv import of one kind: upload progress, then the import job's progress
 * dialog with the result; failed rows come back as an error file to download.
 */
export function SheetImport({ kind, onImported }: { kind: ImportKind; onImported: () => void }) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const [job, setJob] = useState<{ started: JobStarted; file: string } | null>(null);
  const sendSheet = useUploadImport(kind, setPercent);

  const upload = async (file: File) => {
    setPercent(0);
    try {
      const started = await sendSheet.mutateAsync(file);
      setJob({ started, file: file.name });
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space wrap>
      <Button icon={<DownloadOutlined />} onClick={() => downloadImportTemplate(kind)}>
        {t('orders.downloadTemplate')}
      </Button>
      <Upload
        accept=".xlsx,.csv"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file).catch(() => undefined);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={percent !== null}>
          {t('orders.import')}
        </Button>
      </Upload>
      {percent !== null && <Progress percent={percent} size="small" style={{ width: 160 }} />}
      {job && (
        <JobProgressModal
          key={job.started.job_id}
          mode="import"
          started={job.started}
          source={job.file}
          onDone={onImported}
          onClose={() => setJob(null)}
        />
      )}
    </Space>
  );
}

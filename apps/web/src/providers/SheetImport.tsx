import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportKind, ImportResult } from '@app/contracts';
import { Button, Progress, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../platform/feedback';
import { download, send } from '../platform/http';

const IMPORT_URL: Record<ImportKind, string> = {
  provider: '/api/provider/import',
  product: '/api/product/import',
  order: '/api/orders/import',
};

function saveBase64(base64: string, filename: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const href = URL.createObjectURL(new Blob([bytes]));
  const link = Object.assign(document.createElement('a'), { href, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Template download and .xlsx/.csv import of one kind: upload progress, then the result;
 * failed rows come back as an error file to download.
 */
export function SheetImport({ kind, onImported }: { kind: ImportKind; onImported: () => void }) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const [errorFile, setErrorFile] = useState<string | null>(null);

  const upload = async (file: File) => {
    const data = new FormData();
    data.append('file', file);
    setErrorFile(null);
    setPercent(0);
    try {
      const { data: result } = await send<ImportResult>({
        method: 'POST',
        url: IMPORT_URL[kind],
        data,
        onUploadProgress: (e) => setPercent(e.total ? Math.round((e.loaded / e.total) * 100) : 0),
      });
      feedback.message.success(t('orders.importDone', { imported: result.imported, total: result.total }));
      if (result.error_file) {
        feedback.message.warning(t('common.importPartial'));
        setErrorFile(result.error_file);
      }
      onImported();
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space wrap>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => download('/api/common/importTemplate', { kind }, `${kind}-template.xlsx`, 'GET')}
      >
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
      {errorFile && (
        <Button
          danger
          icon={<DownloadOutlined />}
          onClick={() => saveBase64(errorFile, `${kind}-errors.xlsx`)}
        >
          {t('orders.downloadErrors')}
        </Button>
      )}
    </Space>
  );
}

import type { BulkResult } from '@app/contracts';
import { Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What a bulk action did, row by row: done, or refused and why (the server's translated reason, as the single
 * action would have answered). `label` names a row as the list does.
 */
export function BulkResultDialog({
  result,
  label,
  onClose,
}: {
  result: BulkResult | null;
  label: (id: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={result !== null}
      title={t('platform.bulk.resultTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('platform.ok')}
      width={640}
    >
      {result && (
        <>
          <Typography.Paragraph data-testid="bulk-summary">
            {t('platform.bulk.summary', { done: result.done, refused: result.refused })}
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ y: 360 }}
            dataSource={result.results}
            columns={[
              { title: t('walletUi.id'), key: 'id', render: (_, r) => label(r.id) },
              {
                title: t('platform.bulk.outcome'),
                key: 'done',
                render: (_, r) =>
                  r.done ? (
                    <Tag color="success">{t('platform.bulk.done')}</Tag>
                  ) : (
                    <Tag color="error">{t('platform.bulk.refused')}</Tag>
                  ),
              },
              { title: t('platform.bulk.message'), dataIndex: 'msg' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import { REPORT_KINDS, type ReportPackage, reportNumberBody } from '@app/contracts';
import { Button, Card, Form, Input, InputNumber, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddReportNumbers } from '../members/members.api';
import { useIsAdmin } from '../platform/current-user';
import { formatDateTime } from '../platform/format';
import { EntityFormModal } from '../platform/ui/EntityFormModal';

/** Adds AI report numbers (docs/product/members.md rules, from the shared schema; at least one set). */
function AddReportNumberModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddReportNumbers();
  return (
    <EntityFormModal
      title={t('members.ui.addReportNumber')}
      schema={reportNumberBody}
      initialValues={{ ...Object.fromEntries(REPORT_KINDS.map((k) => [k, 0])), remark: '' }}
      onSubmit={(values) => add.mutateAsync({ userId, values })}
      onClose={onClose}
    >
      {(rules) => (
        <>
          {REPORT_KINDS.map((kind) => (
            <Form.Item key={kind} name={kind} label={t(`members.ui.${kind}`)} rules={rules(kind)}>
              {/* No min/max/precision: a value outside the contract's range is refused with its message, never changed. */}
              <InputNumber style={{ width: 160 }} />
            </Form.Item>
          ))}
          <Form.Item name="remark" label={t('members.ui.remark')} rules={rules('remark')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </>
      )}
    </EntityFormModal>
  );
}

/** The member's report packages, newest first, with the add button for admins. */
export function ReportNumbers({ userId, packages }: { userId: number; packages: ReportPackage[] }) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const [adding, setAdding] = useState(false);
  return (
    <Card
      size="small"
      title={t('members.ui.section.packages')}
      extra={
        isAdmin && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('members.ui.addReportNumber')}
          </Button>
        )
      }
    >
      <Table<ReportPackage>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={packages}
        scroll={{ x: 'max-content' }}
        columns={[
          ...REPORT_KINDS.map((kind) => ({
            title: t(`members.ui.${kind}`),
            key: kind,
            render: (_: unknown, p: ReportPackage) => (p[kind] === -1 ? t('members.ui.unlimited') : p[kind]),
          })),
          { title: t('members.ui.remark'), dataIndex: 'remark' },
          {
            title: t('members.ui.time'),
            key: 'created_at',
            render: (_, p) => formatDateTime(p.created_at),
          },
        ]}
      />
      {adding && <AddReportNumberModal userId={userId} onClose={() => setAdding(false)} />}
    </Card>
  );
}

import {
  COMMISSION_REASON_MAX,
  COMMISSION_STATUSES,
  type CommissionStatus,
  Perm,
  type UserDetail,
} from '@app/contracts';
import { Button, Card, Descriptions, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithheldPayouts } from '../bonus/bonus.api';
import { formatMoney } from '../platform/format';
import { useSetCommissionStatus } from './members.api';
import { useAdminCan } from './permissions';

const COLORS: Record<CommissionStatus, string> = { pay: 'green', hold: 'orange', forfeit: 'red' };

/** A commission status as a tag. */
export function CommissionStatusTag({ status }: { status: CommissionStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={`commission-status-${status}`}>
      {t(`commission.ui.status.${status}`)}
    </Tag>
  );
}

interface Values {
  status: CommissionStatus;
  reason?: string;
}

/**
 * The member's commission status (docs/product/bonus.md) on the user detail: for administrators and the member
 * themselves (a private field); administrators with the member list permission change it, with a reason for hold
 * and forfeit, after a confirmation saying what happens to the held payouts.
 */
export function CommissionStatusCard({ d }: { d: UserDetail }) {
  const { t } = useTranslation();
  const canEdit = useAdminCan(Perm.userList);
  if (d.commission_status === undefined || d.is_admin) return null;
  return (
    <Card size="small" title={t('commission.ui.title')} data-testid="commission-status">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('commission.ui.status')}>
          <Space wrap>
            <CommissionStatusTag status={d.commission_status} />
            <Typography.Text type="secondary">
              {t(`commission.ui.meaning.${d.commission_status}`)}
            </Typography.Text>
          </Space>
        </Descriptions.Item>
        {d.commission_reason && (
          <Descriptions.Item label={t('commission.ui.reason')}>
            <span data-testid="commission-reason">{d.commission_reason}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {canEdit && <CommissionStatusForm key={`${d.commission_status}:${d.commission_reason}`} d={d} />}
    </Card>
  );
}

function CommissionStatusForm({ d }: { d: UserDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [asked, setAsked] = useState<Values | null>(null);
  const save = useSetCommissionStatus();
  const from = d.commission_status ?? 'pay';
  const status = Form.useWatch('status', form) ?? from;
  const reason = Form.useWatch('reason', form) ?? '';
  const unchanged = status === from && reason.trim() === (d.commission_reason ?? '');
  const confirm = async () => {
    if (!asked) return;
    try {
      await save.mutateAsync({
        userId: d.id,
        body: { status: asked.status, reason: asked.reason?.trim() || null },
      });
      setAsked(null);
    } catch {
      // the HTTP client has already shown the error
    }
  };
  return (
    <>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ status: from, reason: d.commission_reason ?? '' }}
        onFinish={setAsked}
        style={{ maxWidth: 560 }}
      >
        <Form.Item name="status" label={t('commission.ui.status')} style={{ marginBottom: 12 }}>
          <Select<CommissionStatus>
            aria-label={t('commission.ui.status')}
            data-testid="commission-status-select"
            options={COMMISSION_STATUSES.map((s) => ({ value: s, label: t(`commission.ui.status.${s}`) }))}
            style={{ maxWidth: 240 }}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('commission.ui.reason')}
          dependencies={['status']}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                form.getFieldValue('status') !== 'pay' && !value?.trim()
                  ? Promise.reject(new Error(t('commission.reasonRequired')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input.TextArea
            aria-label={t('commission.ui.reason')}
            placeholder={t('commission.ui.reasonPlaceholder')}
            maxLength={COMMISSION_REASON_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={unchanged} data-testid="commission-status-change">
          {t('commission.ui.change')}
        </Button>
      </Form>
      {asked && (
        <ConfirmChange
          d={d}
          from={from}
          to={asked.status}
          busy={save.isPending}
          onOk={confirm}
          onCancel={() => setAsked(null)}
        />
      )}
    </>
  );
}

/** What the change does, asked before it is made: the new status's meaning, and what becomes of held payouts. */
function ConfirmChange(props: {
  d: UserDetail;
  from: CommissionStatus;
  to: CommissionStatus;
  busy: boolean;
  onOk: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { d, from, to } = props;
  const withheld = useWithheldPayouts(d.id, { page: 1, pageSize: 1 }).data;
  const held = withheld?.held;
  const heldText = (key: 'release' | 'forfeitHeld') =>
    held && held.count > 0
      ? t(`commission.ui.confirm.${key}`, { count: held.count, amount: formatMoney(held.amount) })
      : null;
  const lines = [
    t(`commission.ui.meaning.${to}`),
    from === 'hold' && to === 'pay' ? heldText('release') : null,
    from === 'hold' && to === 'forfeit' ? heldText('forfeitHeld') : null,
    to === 'pay' && (withheld?.forfeited.count ?? 0) > 0 ? t('commission.ui.confirm.forfeitedStay') : null,
  ].filter((line): line is string => line !== null);
  return (
    <Modal
      open
      title={t('commission.ui.confirmTitle', { name: d.name })}
      okText={t('commission.ui.confirmOk')}
      cancelText={t('platform.cancel')}
      okButtonProps={{ danger: to === 'forfeit' }}
      confirmLoading={props.busy}
      onOk={props.onOk}
      onCancel={props.onCancel}
    >
      <div data-testid="commission-confirm">
        {lines.map((line) => (
          <Typography.Paragraph key={line}>{line}</Typography.Paragraph>
        ))}
      </div>
    </Modal>
  );
}

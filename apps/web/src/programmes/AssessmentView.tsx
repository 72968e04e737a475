import type { WecAssessmentDto } from '@app/contracts';
import { Descriptions, Progress, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDateTime } from '../platform/format';

export function StatusTag({ status }: { status: WecAssessmentDto['status'] }) {
  const { t } = useTranslation();
  const color = { joined: 'default', running: 'blue', completed: 'green', expired: 'orange' }[status];
  return <Tag color={color}>{t(`programmes.status.${status}`)}</Tag>;
}

/** Days left in the period, or "Not started" before Start. */
export function DaysLeft({ assessment }: { assessment: WecAssessmentDto }) {
  const { t } = useTranslation();
  return <span data-testid="days-left">{assessment.days_left ?? t('programmes.notStarted')}</span>;
}

/** One assessment: its period and each condition completed or not, with progress figures. */
export function AssessmentView({ assessment }: { assessment: WecAssessmentDto }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label={t('programmes.member')}>
          {assessment.user.name} ({assessment.user.user_no})
        </Descriptions.Item>
        <Descriptions.Item label={t('programmes.status')}>
          <StatusTag status={assessment.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('programmes.daysLeft')}>
          <DaysLeft assessment={assessment} />
        </Descriptions.Item>
        <Descriptions.Item label={t('programmes.startedAt')}>
          {formatDateTime(assessment.started_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('programmes.endsAt')}>
          {formatDateTime(assessment.ends_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('programmes.completedAt')}>
          {formatDateTime(assessment.completed_at)}
        </Descriptions.Item>
      </Descriptions>
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={assessment.conditions}
        columns={[
          { title: t('programmes.progress'), key: 'name', render: (_, c) => t(`programmes.cond.${c.key}`) },
          {
            title: '',
            key: 'figures',
            render: (_, c) => (
              <Space>
                <span data-testid={`cond-${c.key}`}>
                  {formatCount(c.current)} / {formatCount(c.required)}
                </span>
                <Progress
                  percent={Math.min(100, Math.floor((c.current * 100) / c.required))}
                  size="small"
                  style={{ width: 140 }}
                />
              </Space>
            ),
          },
          {
            title: t('programmes.status'),
            key: 'done',
            render: (_, c) => (
              <Tag color={c.completed ? 'green' : 'default'}>
                {t(c.completed ? 'programmes.done' : 'programmes.notDone')}
              </Tag>
            ),
          },
        ]}
      />
    </Space>
  );
}

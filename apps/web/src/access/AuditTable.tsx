import { type AuditView, auditChangeLines } from '@app/contracts';
import { Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../platform/ui/PagedTable';
import { auditList } from './access.api';

type Snapshot = Record<string, unknown> | null;

const recordName = (entry: AuditView) => ((entry.after ?? entry.before) as Snapshot)?.name;

/** Audit rows of GET /api/permission/audit matching `filters`: who, when, from where, what and how it changed. */
export function AuditTable({ filters }: { filters: object }) {
  const { t } = useTranslation();
  return (
    <PagedTable<AuditView>
      list={auditList}
      filters={filters}
      rowKey="id"
      size="small"
      columns={[
        {
          title: t('audit.ui.time'),
          dataIndex: 'created_at',
          key: 'created_at',
          sorter: true,
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
        },
        {
          title: t('audit.ui.actor'),
          key: 'actor',
          render: (_, entry) => (
            <Space size={4}>
              {entry.actor_name ?? '-'}
              {entry.actor_kind && <Tag>{t(`audit.actorKind.${entry.actor_kind}`)}</Tag>}
            </Space>
          ),
        },
        {
          title: t('audit.ui.origin'),
          key: 'origin',
          render: (_, entry) => <Tooltip title={entry.user_agent}>{entry.ip ?? '-'}</Tooltip>,
        },
        {
          title: t('audit.ui.action'),
          dataIndex: 'action',
          key: 'action',
          sorter: true,
          render: (action: string) => t(`audit.action.${action}`),
        },
        {
          title: t('audit.ui.target'),
          dataIndex: 'entity',
          key: 'entity',
          sorter: true,
          render: (_, entry) => {
            const name = recordName(entry);
            return `${t(`audit.target.${entry.entity}`)} #${entry.entity_id ?? '-'}${name ? ` ${String(name)}` : ''}`;
          },
        },
        {
          title: t('audit.ui.changes'),
          key: 'changes',
          render: (_, entry) =>
            auditChangeLines(entry).map((line) => (
              <Typography.Paragraph
                key={line}
                style={{ margin: 0, maxWidth: 420 }}
                ellipsis={{ tooltip: line }}
              >
                {line}
              </Typography.Paragraph>
            )),
        },
      ]}
    />
  );
}

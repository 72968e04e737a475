import { HistoryOutlined } from '@ant-design/icons';
import type { AuditEntity, AuditView } from '@app/contracts';
import { Button, Drawer, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../platform/ui/PagedTable';

type Snapshot = Record<string, unknown> | null;

const show = (value: unknown) => (value == null || value === '' ? '-' : JSON.stringify(value));

/** "field: old → new" for every field an update changed; the record's fields for a create or delete. */
function changes(entry: AuditView): string[] {
  const before = entry.before as Snapshot;
  const after = entry.after as Snapshot;
  if (!before || !after) return [];
  return Object.keys(after)
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}

const recordName = (entry: AuditView) =>
  String(((entry.after ?? entry.before) as Snapshot)?.name ?? `#${entry.entity_id}`);

/** Who changed what, when, for one kind of record (GET /api/permission/audit). */
export function AuditDrawer({ entity }: { entity: AuditEntity }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        {t('access.ui.auditLog')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('access.ui.auditLog')} size="large">
        {open && (
          <PagedTable<AuditView>
            url="/api/permission/audit"
            filters={{ entity }}
            rowKey="id"
            size="small"
            columns={[
              {
                title: t('access.ui.time'),
                dataIndex: 'created_at',
                render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
              },
              {
                title: t('access.ui.actor'),
                dataIndex: 'actor_name',
                render: (v: string | null) => v ?? '-',
              },
              {
                title: t('access.ui.action'),
                dataIndex: 'action',
                render: (action: string) => t(`access.ui.action.${action}`),
              },
              { title: t('access.ui.target'), key: 'target', render: (_, entry) => recordName(entry) },
              {
                title: t('access.ui.changes'),
                key: 'changes',
                render: (_, entry) =>
                  changes(entry).map((line) => (
                    <Typography.Paragraph key={line} style={{ margin: 0 }} ellipsis={{ tooltip: line }}>
                      {line}
                    </Typography.Paragraph>
                  )),
              },
            ]}
          />
        )}
      </Drawer>
    </>
  );
}

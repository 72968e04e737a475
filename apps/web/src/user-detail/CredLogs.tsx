import type { CredLog } from '@app/contracts';
import { Card, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserDetail } from '../members/members.api';
import { formatDateTime } from '../platform/format';

const PAGE_SIZE = 10;

/** Credit logs {logs, total}, paged on the server. */
export function CredLogs({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const detail = useUserDetail(userId, { append: 'cred_logs', cred_page: page, cred_page_size: PAGE_SIZE });
  const logs = detail.data?.cred_logs;
  return (
    <Card size="small" title={t('members.ui.section.credLogs')}>
      <Table<CredLog>
        rowKey="id"
        size="small"
        loading={detail.isFetching}
        dataSource={logs?.logs ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: logs?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('members.ui.cred.ref'), dataIndex: 'ref' },
          { title: t('members.ui.cred.creds'), dataIndex: 'creds' },
          { title: t('members.ui.cred.ctype'), dataIndex: 'ctype' },
          { title: t('members.ui.cred.entry'), dataIndex: 'entry' },
          {
            title: t('members.ui.time'),
            key: 'time',
            render: (_, l) => formatDateTime(l.time),
          },
        ]}
      />
    </Card>
  );
}

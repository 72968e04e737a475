import { PaperClipOutlined, PushpinFilled } from '@ant-design/icons';
import type { ContentKind, ContentMemberRow } from '@app/contracts';
import { Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchField } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatDateTime } from '../platform/format';
import { usePagedList } from '../platform/ui/PagedTable';
import { ContentReader } from './ContentReader';
import { type FeedFilters, feedFilters, feedList } from './content.api';

/** /user-annoucement/list and /user-information-center/list: the member's items, unread ones marked. */
export function ContentFeedPage({ kind, titleKey }: { kind: ContentKind; titleKey: string }) {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(feedFilters);
  const { tableProps } = usePagedList<ContentMemberRow>(feedList, { ...filters, kind });
  const [reading, setReading] = useState<number | null>(null);

  const columns: ColumnsType<ContentMemberRow> = [
    {
      title: t('content.ui.title'),
      key: 'title',
      render: (_, row) => (
        <Space>
          {row.pinned && (
            <PushpinFilled aria-label={t('content.ui.pinned')} style={{ color: 'var(--app-theme-color)' }} />
          )}
          {!row.read && <Tag color="red">{t('content.ui.new')}</Tag>}
          <Typography.Text strong={!row.read}>{row.title}</Typography.Text>
          {row.attachment_count > 0 && <PaperClipOutlined aria-label={t('content.ui.attachments')} />}
        </Space>
      ),
    },
    {
      title: t('content.ui.publishAt'),
      key: 'publish_at',
      width: 170,
      render: (_, row) => formatDateTime(row.publish_at),
    },
  ];

  return (
    <Card title={t(titleKey)}>
      <FilterBar<FeedFilters> filters={filters} onChange={setFilters} style={{ marginBottom: 16 }}>
        <SearchField name="keyword" placeholder={t('content.ui.search')} width={280} />
      </FilterBar>
      <Table<ContentMemberRow>
        rowKey="id"
        {...tableProps}
        locale={{ emptyText: t('content.ui.noItems') }}
        columns={columns}
        onRow={(row) => ({ onClick: () => setReading(row.id), style: { cursor: 'pointer' } })}
      />
      {reading !== null && <ContentReader id={reading} onClose={() => setReading(null)} />}
    </Card>
  );
}

import { PaperClipOutlined, PushpinFilled } from '@ant-design/icons';
import type { ContentKind, ContentMemberRow } from '@app/contracts';
import { Card, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../platform/ui/PagedTable';
import { ContentReader } from './ContentReader';
import { FEED_URL } from './content-api';

/** /user-annoucement/list and /user-information-center/list: the member's items, unread ones marked. */
export function ContentFeedPage({ kind, titleKey }: { kind: ContentKind; titleKey: string }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState<string | undefined>();
  const { tableProps } = usePagedList<ContentMemberRow>(FEED_URL, { kind, keyword });
  const [reading, setReading] = useState<number | null>(null);

  const columns: ColumnsType<ContentMemberRow> = [
    {
      title: t('content.ui.title'),
      key: 'title',
      render: (_, row) => (
        <Space>
          {row.pinned && <PushpinFilled aria-label={t('content.ui.pinned')} style={{ color: '#165DFF' }} />}
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
      render: (_, row) => dayjs(row.publish_at).format('YYYY-MM-DD HH:mm'),
    },
  ];

  return (
    <Card title={t(titleKey)}>
      <Input.Search
        allowClear
        placeholder={t('content.ui.search')}
        aria-label={t('content.ui.search')}
        onSearch={(value) => setKeyword(value.trim() || undefined)}
        style={{ width: 280, marginBottom: 16 }}
      />
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

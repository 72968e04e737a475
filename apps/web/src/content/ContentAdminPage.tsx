import { PlusOutlined } from '@ant-design/icons';
import { CONTENT_STATUSES, type ContentAdminRow, type ContentKind, type ContentStatus } from '@app/contracts';
import { Button, Card, Form, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchField } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatDateTime } from '../platform/format';
import { storedLocale } from '../platform/locale-choice';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { usePagedList } from '../platform/ui/PagedTable';
import { ContentFormModal } from './ContentFormModal';
import {
  type AdminFilters,
  adminFilters,
  adminList,
  useDeleteContent,
  usePinContent,
  usePublicConfig,
  usePublishContent,
} from './content.api';

const STATUS_COLOR: Record<ContentStatus, string> = {
  draft: 'default',
  scheduled: 'orange',
  published: 'green',
};

type Values = Record<string, unknown>;

/** The status picker shows "all" ('') for no filter. */
const toValues = (filters: AdminFilters): Values => ({ ...filters, status: filters.status ?? '' });

/** /annoucement/list and /information-center/list: manage one kind of item. */
export function ContentAdminPage({ kind, titleKey }: { kind: ContentKind; titleKey: string }) {
  const { t } = useTranslation();
  const locale = storedLocale();
  const { filters, setFilters } = useUrlFilters(adminFilters);
  const { tableProps } = usePagedList<ContentAdminRow>(adminList, { ...filters, kind });
  const publish = usePublishContent();
  const pin = usePinContent();
  const remove = useDeleteContent();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const levels = usePublicConfig().data?.levels ?? [];
  const titleOf = (row: ContentAdminRow) => row.title[locale] || row.title['en-US'];

  const columns: ColumnsType<ContentAdminRow> = [
    { title: t('content.ui.title'), key: 'title', render: (_, row) => titleOf(row) },
    {
      title: t('content.ui.status'),
      key: 'status',
      width: 110,
      render: (_, row) => <Tag color={STATUS_COLOR[row.status]}>{t(`content.ui.status.${row.status}`)}</Tag>,
    },
    {
      title: t('content.ui.published'),
      key: 'published',
      width: 90,
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.published}
          aria-label={`${t('content.ui.published')} ${titleOf(row)}`}
          onChange={(published) => publish.mutateAsync({ id: row.id, published }).catch(() => undefined)}
        />
      ),
    },
    {
      title: t('content.ui.pinned'),
      key: 'pinned',
      width: 90,
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.pinned}
          aria-label={`${t('content.ui.pinned')} ${titleOf(row)}`}
          onChange={(pinned) => pin.mutateAsync({ id: row.id, pinned }).catch(() => undefined)}
        />
      ),
    },
    {
      title: t('content.ui.publishAt'),
      key: 'publish_at',
      width: 160,
      render: (_, row) => formatDateTime(row.publish_at),
    },
    {
      title: t('content.ui.audience'),
      key: 'audience',
      render: (_, row) =>
        row.audience_level_ids.length === 0
          ? t('content.ui.allMembers')
          : row.audience_level_ids.map((id) => (
              <Tag key={id}>{levels.find((l) => l.id === id)?.name ?? id}</Tag>
            )),
    },
    { title: t('content.ui.attachments'), dataIndex: 'attachment_count', width: 90 },
    { title: t('content.ui.reads'), dataIndex: 'read_count', width: 90 },
    {
      title: t('content.ui.actions'),
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <Space>
          <Button type="link" size="small" onClick={() => setEditing(row.id)}>
            {t('content.ui.edit')}
          </Button>
          <ConfirmButton
            type="link"
            size="small"
            danger
            confirm={t('content.ui.confirmDelete', { title: titleOf(row) })}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            {t('content.ui.delete')}
          </ConfirmButton>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t(titleKey)}>
      <FilterBar<AdminFilters>
        filters={filters}
        onChange={setFilters}
        toValues={toValues}
        liveFields={['status']}
        style={{ marginBottom: 16 }}
      >
        <SearchField name="keyword" placeholder={t('content.ui.search')} width={280} />
        <Form.Item name="status">
          <Select<ContentStatus | ''>
            style={{ width: 150 }}
            aria-label={t('content.ui.status')}
            options={[
              { value: '', label: t('content.ui.allStatuses') },
              ...CONTENT_STATUSES.map((s) => ({ value: s, label: t(`content.ui.status.${s}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t(kind === 'announcement' ? 'content.ui.newAnnouncement' : 'content.ui.newArticle')}
          </Button>
        </Form.Item>
      </FilterBar>
      <Table<ContentAdminRow> rowKey="id" {...tableProps} columns={columns} />
      {editing !== undefined && (
        <ContentFormModal kind={kind} id={editing} onClose={() => setEditing(undefined)} />
      )}
    </Card>
  );
}

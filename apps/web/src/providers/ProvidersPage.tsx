import { type ProviderView, UI } from '@app/contracts';
import { Button, Card, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchField } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { formatDate } from '../platform/format';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { usePagedList } from '../platform/ui/PagedTable';
import { ProviderForm } from './ProviderForm';
import {
  exportProviders,
  type ProviderFilters,
  providerFilters,
  providersList,
  useDeleteProvider,
  useProvidersImported,
} from './providers.api';
import { SheetImport } from './SheetImport';

/** Supplier settings (/provider/provider): list, add/edit/delete, import and export. */
export default function ProvidersPage() {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(providerFilters);
  const [editing, setEditing] = useState<ProviderView | null | 'new'>(null);
  const remove = useDeleteProvider();
  const imported = useProvidersImported();
  const { tableProps } = usePagedList<ProviderView>(providersList, filters, {
    pageSize: 20,
    pageSizes: [20, 50, 100, UI.pickerPageSize],
  });
  const columns: ColumnsType<ProviderView> = [
    { title: t('providers.providerNo'), dataIndex: 'provider_no' },
    { title: t('providers.name'), dataIndex: 'name' },
    { title: t('providers.rebateRatio'), dataIndex: 'proportion', render: (v: string) => `${v}%` },
    { title: t('providers.phone'), dataIndex: 'phone', render: (v) => v || '-' },
    { title: t('providers.email'), dataIndex: 'email' },
    {
      title: t('providers.status'),
      dataIndex: 'status',
      render: (s: 1 | 2) => <Tag color={s === 1 ? 'green' : 'default'}>{t(`providers.status.${s}`)}</Tag>,
    },
    {
      title: t('providers.referrer'),
      render: (_, p) => (p.referrer_name ? `${p.referrer_name} (${p.referrer_user_no})` : '-'),
    },
    { title: t('providers.orders'), dataIndex: 'order_count', align: 'right' },
    {
      title: t('providers.createdAt'),
      dataIndex: 'created_at',
      render: (v: string) => formatDate(v),
    },
    {
      title: t('providers.actions'),
      render: (_, p) => (
        <Space>
          <Button size="small" onClick={() => setEditing(p)}>
            {t('providers.edit')}
          </Button>
          <ConfirmButton
            size="small"
            danger
            confirm={t('providers.deleteConfirm')}
            onConfirm={() => remove.mutateAsync(p.id)}
          >
            ✕
          </ConfirmButton>
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <FilterBar<ProviderFilters>
          filters={filters}
          onChange={setFilters}
          extra={
            <Space wrap>
              <Button type="primary" onClick={() => setEditing('new')}>
                {t('providers.add')}
              </Button>
              <Button onClick={() => exportProviders(filters)}>{t('orders.export')}</Button>
              <SheetImport kind="provider" onImported={imported} />
            </Space>
          }
        >
          <SearchField name="keyword" placeholder={t('providers.keyword')} width={240} />
        </FilterBar>
        <Table<ProviderView> rowKey="id" columns={columns} {...tableProps} />
      </Space>
      {editing && (
        <ProviderForm provider={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

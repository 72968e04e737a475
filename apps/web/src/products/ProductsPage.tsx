import type { ProductView } from '@app/contracts';
import { Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductTags, useProviderOptions } from '../orders/orders.api';
import { download } from '../platform/http';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { SheetImport } from '../providers/SheetImport';
import { ProductForm } from './ProductForm';

/** Product settings (/provider/product): list with tag and provider filters, edit, import and export. */
export default function ProductsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ keyword?: string; tags?: string[]; provider_id?: number }>({});
  const [editing, setEditing] = useState<ProductView | null | 'new'>(null);
  const providers = useProviderOptions();
  const tags = useProductTags();
  const { tableProps, reload } = usePagedList<ProductView>('/api/product/list', filters, { method: 'POST' });
  const columns: ColumnsType<ProductView> = [
    { title: 'ID', dataIndex: 'id' },
    { title: t('products.name'), dataIndex: 'name' },
    { title: t('products.provider'), dataIndex: 'provider_name', render: (v) => v ?? '-' },
    {
      title: t('products.price'),
      dataIndex: 'price',
      align: 'right',
      render: (v: string) => <MoneyText value={v} />,
    },
    { title: t('products.salesPoints'), dataIndex: 'sales_points', align: 'right' },
    {
      title: t('products.sourceType'),
      dataIndex: 'source_type',
      render: (v: number) => t(`orders.source.${v}`),
    },
    { title: t('products.grantsLevel'), dataIndex: 'grants_level_id', render: (v) => v ?? '-' },
    {
      title: t('products.tags'),
      dataIndex: 'tags',
      render: (v: string[]) => v.map((tag) => <Tag key={tag}>{tag}</Tag>),
    },
    { title: t('providers.status'), dataIndex: 'status', render: (s: number) => t(`providers.status.${s}`) },
    {
      title: t('providers.actions'),
      render: (_, p) => (
        <Button size="small" onClick={() => setEditing(p)}>
          {t('products.edit')}
        </Button>
      ),
    },
  ];
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Input.Search
            placeholder={t('providers.keyword')}
            allowClear
            onSearch={(keyword) => setFilters((f) => ({ ...f, keyword: keyword || undefined }))}
            style={{ width: 220 }}
          />
          <Select
            allowClear
            placeholder={t('products.provider')}
            style={{ width: 180 }}
            onChange={(provider_id?: number) => setFilters((f) => ({ ...f, provider_id }))}
            options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
          <Select
            mode="multiple"
            allowClear
            placeholder={t('products.tags')}
            style={{ minWidth: 200 }}
            onChange={(selected: string[]) =>
              setFilters((f) => ({ ...f, tags: selected.length ? selected : undefined }))
            }
            options={(tags.data ?? []).map((tag) => ({ value: tag, label: tag }))}
          />
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('products.add')}
          </Button>
          <Button
            onClick={() => download('/api/product/list', { ...filters, export: true }, 'products.xlsx')}
          >
            {t('orders.export')}
          </Button>
          <SheetImport kind="product" onImported={reload} />
        </Space>
        <Table<ProductView> rowKey="id" columns={columns} {...tableProps} />
      </Space>
      {editing && (
        <ProductForm
          product={editing === 'new' ? null : editing}
          onSaved={reload}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

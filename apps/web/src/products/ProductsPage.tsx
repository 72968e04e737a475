import type { ProductView } from '@app/contracts';
import { Button, Card, Form, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchField } from '../platform/filters/FilterBar';
import { useUrlFilters } from '../platform/filters/useUrlFilters';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePagedList } from '../platform/ui/PagedTable';
import { useProviderOptions } from '../providers/providers.api';
import { SheetImport } from '../providers/SheetImport';
import { ProductForm } from './ProductForm';
import {
  exportProducts,
  type ProductFilters,
  productFilters,
  productsList,
  useProductsImported,
  useProductTags,
} from './products.api';

/** Product settings (/provider/product): list with tag and provider filters, edit, import and export. */
export default function ProductsPage() {
  const { t } = useTranslation();
  const { filters, setFilters } = useUrlFilters(productFilters);
  const imported = useProductsImported();
  const [editing, setEditing] = useState<ProductView | null | 'new'>(null);
  const providers = useProviderOptions();
  const tags = useProductTags();
  const { tableProps } = usePagedList<ProductView>(productsList, filters);
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
        <FilterBar<ProductFilters>
          filters={filters}
          onChange={setFilters}
          liveFields={['provider_id', 'tags']}
          extra={
            <Space wrap>
              <Button type="primary" onClick={() => setEditing('new')}>
                {t('products.add')}
              </Button>
              <Button onClick={() => exportProducts(filters)}>{t('orders.export')}</Button>
              <SheetImport kind="product" onImported={imported} />
            </Space>
          }
        >
          <SearchField name="keyword" placeholder={t('providers.keyword')} width={220} />
          <Form.Item name="provider_id">
            <Select
              allowClear
              placeholder={t('products.provider')}
              style={{ width: 180 }}
              options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
          <Form.Item name="tags">
            <Select
              mode="multiple"
              allowClear
              placeholder={t('products.tags')}
              style={{ minWidth: 200 }}
              options={(tags.data ?? []).map((tag) => ({ value: tag, label: tag }))}
            />
          </Form.Item>
        </FilterBar>
        <Table<ProductView> rowKey="id" columns={columns} {...tableProps} />
      </Space>
      {editing && (
        <ProductForm product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

import { formatCents, type ProductInput, type ProductView, productBody } from '@app/contracts';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLevels } from '../members/members.api';
import { EntityFormModal } from '../platform/ui/EntityFormModal';
import { useProviderOptions } from '../providers/providers.api';
import { useProductTags, useSaveProduct } from './products.api';

/** Edit (or add) a product: provider, price, sales points, source type, the level a membership grants, tags. */
export function ProductForm({ product, onClose }: { product: ProductView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const providers = useProviderOptions();
  const tags = useProductTags();
  const levels = useLevels();
  const saveProduct = useSaveProduct();
  const save = (values: ProductInput) =>
    saveProduct.mutateAsync({
      id: product?.id ?? null,
      body: { ...values, price: formatCents(values.price) },
    });
  return (
    <EntityFormModal
      title={t(product ? 'products.edit' : 'products.add')}
      schema={productBody}
      initialValues={{
        name: product?.name ?? '',
        provider_id: product?.provider_id ?? null,
        price: product?.price ?? '',
        sales_points: product?.sales_points ?? 0,
        source_type: product?.source_type ?? 2,
        grants_level_id: product?.grants_level_id ?? null,
        tags: product?.tags ?? [],
        status: product?.status ?? 1,
      }}
      onSubmit={save}
      onClose={onClose}
    >
      {(rules) => (
        <>
          <Form.Item name="name" label={t('products.name')} rules={rules('name')}>
            <Input />
          </Form.Item>
          <Form.Item name="provider_id" label={t('products.provider')}>
            <Select
              allowClear
              options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
          <Form.Item name="price" label={t('products.price')} rules={rules('price')}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="sales_points" label={t('products.salesPoints')} rules={rules('sales_points')}>
            <InputNumber />
          </Form.Item>
          <Form.Item name="source_type" label={t('products.sourceType')}>
            <Radio.Group options={[1, 2, 3].map((v) => ({ value: v, label: t(`orders.source.${v}`) }))} />
          </Form.Item>
          <Form.Item name="grants_level_id" label={t('products.grantsLevel')}>
            <Select allowClear options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))} />
          </Form.Item>
          <Form.Item name="tags" label={t('products.tags')}>
            <Select mode="tags" options={(tags.data ?? []).map((tag) => ({ value: tag, label: tag }))} />
          </Form.Item>
          <Form.Item name="status" label={t('providers.status')}>
            <Radio.Group options={[1, 2].map((v) => ({ value: v, label: t(`providers.status.${v}`) }))} />
          </Form.Item>
        </>
      )}
    </EntityFormModal>
  );
}

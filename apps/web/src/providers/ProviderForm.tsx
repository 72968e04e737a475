import { formatBp, type ProviderInput, type ProviderView, providerBody } from '@app/contracts';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormModal } from '../platform/ui/EntityFormModal';
import { useSaveProvider } from './providers.api';

/** Add or edit a provider (docs/product/providers.md: name, proportion 0–100 and a valid email required; phone optional). */
export function ProviderForm({
  provider,
  referrerUserNo,
  onClose,
}: {
  provider: ProviderView | null;
  /** The referring member's user_no preset on a new provider (the user detail's channel providers). */
  referrerUserNo?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const saveProvider = useSaveProvider();
  /** The form hands over parsed values (proportion in basis points); the API takes the percent text. */
  const save = (values: ProviderInput) =>
    saveProvider.mutateAsync({
      id: provider?.id ?? null,
      body: { ...values, proportion: formatBp(values.proportion) },
    });
  return (
    <EntityFormModal
      title={t(provider ? 'providers.edit' : 'providers.add')}
      schema={providerBody}
      initialValues={{
        name: provider?.name ?? '',
        proportion: provider?.proportion ?? '',
        email: provider?.email ?? '',
        phone: provider?.phone ?? '',
        status: provider?.status ?? 1,
        referrer_user_no: (provider ? provider.referrer_user_no : referrerUserNo) ?? '',
      }}
      onSubmit={save}
      onClose={onClose}
    >
      {(rules) => (
        <>
          <Form.Item name="name" label={t('providers.name')} rules={rules('name')}>
            <Input />
          </Form.Item>
          <Form.Item name="proportion" label={t('providers.proportion')} rules={rules('proportion')}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="email" label={t('providers.email')} rules={rules('email')}>
            <Input />
          </Form.Item>
          <Form.Item name="phone" label={t('providers.phone')} rules={rules('phone')}>
            <Input />
          </Form.Item>
          <Form.Item
            name="referrer_user_no"
            label={t('providers.referrer')}
            rules={rules('referrer_user_no')}
          >
            <Input />
          </Form.Item>
          <Form.Item name="status" label={t('providers.status')}>
            <Radio.Group options={[1, 2].map((v) => ({ value: v, label: t(`providers.status.${v}`) }))} />
          </Form.Item>
        </>
      )}
    </EntityFormModal>
  );
}

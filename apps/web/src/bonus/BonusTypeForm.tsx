import {
  BONUS_COLUMNS,
  BONUS_KINDS,
  type BonusKind,
  type BonusTypeDto,
  createBonusTypeBody,
} from '@app/contracts';
import { Divider, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormModal } from '../platform/ui/EntityFormModal';
import { BonusRuleFields } from './BonusRuleFields';
import { useSaveBonusType } from './bonus.api';
import { NEW_RULES } from './bonus-rules';

interface BonusTypeFormProps {
  /** null: a new type, from a kind, under one of `freeKeys`. */
  type: BonusTypeDto | null;
  freeKeys: number[];
  onClose: () => void;
}

/** Creates a type (12–21) from a kind, or edits a type's names, rule settings (its kind stays), columns and switch. */
export function BonusTypeForm({ type, freeKeys, onClose }: BonusTypeFormProps) {
  const { t } = useTranslation();
  const saveType = useSaveBonusType();
  return (
    <EntityFormModal
      title={type ? `${t('bonus.edit')} #${type.key}` : t('bonus.createType')}
      schema={createBonusTypeBody}
      initialValues={
        type
          ? { ...type }
          : {
              key: freeKeys[0],
              name_en: '',
              name_zh_hk: '',
              name_zh_cn: '',
              params: NEW_RULES.generation,
              columns: ['period', 'orderNo', 'salesPoint', 'amount'],
              enabled: true,
            }
      }
      onSubmit={({ key, ...body }) => saveType.mutateAsync({ key, create: !type, body })}
      onClose={onClose}
    >
      {(rules, form) => (
        <>
          {!type && (
            <Form.Item name="key" label={t('bonus.key')} rules={rules('key')}>
              <Select options={freeKeys.map((k) => ({ value: k, label: k }))} />
            </Form.Item>
          )}
          <Form.Item name="name_en" label={t('bonus.nameEn')} rules={rules('name_en')}>
            <Input />
          </Form.Item>
          <Form.Item name="name_zh_hk" label={t('bonus.nameZhHk')} rules={rules('name_zh_hk')}>
            <Input />
          </Form.Item>
          <Form.Item name="name_zh_cn" label={t('bonus.nameZhCn')} rules={rules('name_zh_cn')}>
            <Input />
          </Form.Item>
          <Divider>{t('bonus.params')}</Divider>
          <Form.Item name={['params', 'kind']} label={t('bonus.kind')}>
            <Select
              disabled={type !== null}
              options={BONUS_KINDS.map((k) => ({ value: k, label: t(`bonus.kind.${k}`) }))}
              onChange={(kind: BonusKind) => form.setFieldValue('params', NEW_RULES[kind])}
            />
          </Form.Item>
          <BonusRuleFields />
          <Form.Item name="columns" label={t('bonus.columns')} rules={rules('columns')}>
            <Select
              mode="multiple"
              options={BONUS_COLUMNS.map((c) => ({ value: c, label: t(`bonus.col.${c}`) }))}
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('bonus.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </EntityFormModal>
  );
}

import { BONUS_COLUMNS, BONUS_KINDS, type BonusTypeDto } from '@app/contracts';
import { Button, Form, Input, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { useBonusTypes, useSaveBonusType } from './bonus.api';

type Editing = { type: BonusTypeDto | null };

/** Bonus types 1–21: names, rule settings, columns; admins create 12–21 from a kind. */
export function BonusTypesTab() {
  const { t } = useTranslation();
  const types = useBonusTypes();
  const saveType = useSaveBonusType();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm();
  const used = new Set((types.data ?? []).map((x) => x.key));
  const freeKeys = Array.from({ length: 10 }, (_, i) => i + 12).filter((k) => !used.has(k));

  const open = (type: BonusTypeDto | null) => {
    form.setFieldsValue(
      type
        ? { ...type, params: JSON.stringify(type.params, null, 2) }
        : {
            key: freeKeys[0],
            enabled: true,
            columns: ['period', 'orderNo', 'salesPoint', 'amount'],
            params: JSON.stringify(
              { kind: 'generation', generation: 4, ratio: { bpByLevel: [0, 0, 100, 100] } },
              null,
              2,
            ),
          },
    );
    setEditing({ type });
  };
  const save = async () => {
    const { params, key, ...values } = await form.validateFields();
    let parsed: unknown;
    try {
      parsed = JSON.parse(params);
    } catch {
      form.setFields([{ name: 'params', errors: [t('bonus.invalidJson')] }]);
      return;
    }
    try {
      await saveType.mutateAsync({
        key: editing?.type ? editing.type.key : key,
        create: !editing?.type,
        body: { ...values, params: parsed },
      });
      setEditing(null);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  const required = [{ required: true, message: t('validation.required') }];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" disabled={freeKeys.length === 0} onClick={() => open(null)}>
        {t('bonus.createType')}
      </Button>
      <Table<BonusTypeDto>
        rowKey="key"
        size="small"
        loading={types.isFetching}
        dataSource={types.data ?? []}
        pagination={false}
        columns={[
          { title: t('bonus.key'), dataIndex: 'key' },
          { title: t('bonus.name'), dataIndex: 'name' },
          { title: t('bonus.kind'), dataIndex: 'kind', render: (k: string) => t(`bonus.kind.${k}`) },
          { title: t('bonus.cadence'), dataIndex: 'cadence', render: (c: string) => t(`bonus.cadence.${c}`) },
          {
            title: t('bonus.enabled'),
            dataIndex: 'enabled',
            render: (e: boolean) => <Tag color={e ? 'green' : 'default'}>{e ? '✓' : '✕'}</Tag>,
          },
          {
            title: '',
            key: 'edit',
            render: (_, type) => (
              <Button size="small" onClick={() => open(type)}>
                {t('bonus.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        width={640}
        title={editing?.type ? `${t('bonus.edit')} #${editing.type.key}` : t('bonus.createType')}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          {!editing?.type && (
            <Form.Item name="key" label={t('bonus.key')} rules={required}>
              <Select options={freeKeys.map((k) => ({ value: k, label: k }))} />
            </Form.Item>
          )}
          <Form.Item name="name_en" label={t('bonus.nameEn')} rules={required}>
            <Input />
          </Form.Item>
          <Form.Item name="name_zh_hk" label={t('bonus.nameZhHk')} rules={required}>
            <Input />
          </Form.Item>
          <Form.Item name="name_zh_cn" label={t('bonus.nameZhCn')} rules={required}>
            <Input />
          </Form.Item>
          <Form.Item
            name="params"
            label={t('bonus.params')}
            rules={required}
            extra={BONUS_KINDS.map((k) => t(`bonus.kind.${k}`)).join(' · ')}
          >
            <Input.TextArea rows={6} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Form.Item name="columns" label={t('bonus.columns')} rules={required}>
            <Select
              mode="multiple"
              options={BONUS_COLUMNS.map((c) => ({ value: c, label: t(`bonus.col.${c}`) }))}
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('bonus.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

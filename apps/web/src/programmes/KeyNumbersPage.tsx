import { type KeyNumberDto, keyNumberBody } from '@app/contracts';
import { Button, Card, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { usePagedList } from '../platform/ui/PagedTable';
import { zodRules } from '../platform/ui/zod-rules';
import { keyNumbersList, useDeleteKeyNumber, useSaveKeyNumber } from './programmes.api';

/** /rk/rk: Key Number Category list with add, edit and delete. */
export default function KeyNumbersPage() {
  const { t } = useTranslation();
  const { tableProps } = usePagedList<KeyNumberDto>(keyNumbersList);
  const saveKeyNumber = useSaveKeyNumber();
  const remove = useDeleteKeyNumber();
  const [editing, setEditing] = useState<KeyNumberDto | 'new' | null>(null);
  const [form] = Form.useForm();
  const open = (row: KeyNumberDto | 'new') => {
    form.setFieldsValue(row === 'new' ? { name: '', description: '', sort: 0 } : row);
    setEditing(row);
  };
  const save = async () => {
    // Field errors show under the fields; antd's Modal leaves a rejected onOk unhandled.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await saveKeyNumber.mutateAsync({
        id: editing === 'new' ? null : (editing as KeyNumberDto).id,
        values,
      });
      setEditing(null);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="primary" onClick={() => open('new')}>
          {t('programmes.rk.add')}
        </Button>
        <Table<KeyNumberDto>
          rowKey="id"
          {...tableProps}
          columns={[
            { title: t('programmes.rk.name'), dataIndex: 'name' },
            { title: t('programmes.rk.description'), dataIndex: 'description' },
            { title: t('programmes.rk.sort'), dataIndex: 'sort', align: 'right' },
            {
              title: t('programmes.actions'),
              key: 'actions',
              render: (_, row) => (
                <Space>
                  <Button size="small" onClick={() => open(row)}>
                    {t('programmes.rk.edit')}
                  </Button>
                  <ConfirmButton size="small" danger onConfirm={() => remove.mutateAsync(row.id)}>
                    {t('programmes.remove')}
                  </ConfirmButton>
                </Space>
              ),
            },
          ]}
        />
      </Space>
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'programmes.rk.add' : 'programmes.rk.edit')}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('programmes.rk.name')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="description" label={t('programmes.rk.description')}>
            <Input.TextArea maxLength={500} />
          </Form.Item>
          <Form.Item name="sort" label={t('programmes.rk.sort')} rules={zodRules(keyNumberBody, 'sort')}>
            <InputNumber />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

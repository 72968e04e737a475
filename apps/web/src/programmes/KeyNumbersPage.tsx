import { type KeyNumberBody, type KeyNumberDto, keyNumberBody } from '@app/contracts';
import { Button, Card, Form, Input, InputNumber, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { EntityFormModal } from '../platform/ui/EntityFormModal';
import { usePagedList } from '../platform/ui/PagedTable';
import { keyNumbersList, useDeleteKeyNumber, useSaveKeyNumber } from './programmes.api';

/** /rk/rk: Key Number Category list with add, edit and delete. */
export default function KeyNumbersPage() {
  const { t } = useTranslation();
  const { tableProps } = usePagedList<KeyNumberDto>(keyNumbersList);
  const saveKeyNumber = useSaveKeyNumber();
  const remove = useDeleteKeyNumber();
  const [editing, setEditing] = useState<KeyNumberDto | 'new' | null>(null);
  const save = (values: KeyNumberBody) =>
    saveKeyNumber.mutateAsync({ id: editing === 'new' ? null : (editing as KeyNumberDto).id, values });
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="primary" onClick={() => setEditing('new')}>
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
                  <Button size="small" onClick={() => setEditing(row)}>
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
      {editing !== null && (
        <EntityFormModal
          title={t(editing === 'new' ? 'programmes.rk.add' : 'programmes.rk.edit')}
          schema={keyNumberBody}
          initialValues={editing === 'new' ? { name: '', description: '', sort: 0 } : { ...editing }}
          onSubmit={save}
          onClose={() => setEditing(null)}
        >
          {(rules) => (
            <>
              <Form.Item name="name" label={t('programmes.rk.name')} rules={rules('name')}>
                <Input />
              </Form.Item>
              <Form.Item
                name="description"
                label={t('programmes.rk.description')}
                rules={rules('description')}
              >
                <Input.TextArea />
              </Form.Item>
              <Form.Item name="sort" label={t('programmes.rk.sort')} rules={rules('sort')}>
                <InputNumber />
              </Form.Item>
            </>
          )}
        </EntityFormModal>
      )}
    </Card>
  );
}

import { HTTP_METHODS, type PermissionView, permissionBody } from '@app/contracts';
import { Form, Input, Select, Space, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormModal } from '../platform/ui/EntityFormModal';
import { usePermissionLabel } from './access.api';
import { ManagedList } from './ManagedList';
import { StatusRadio } from './StatusRadio';

/** Built-in permissions keep name, address, method and menu flag (code relies on them). */
function PermissionForm({
  permission,
  save,
  close,
}: {
  permission: PermissionView | null;
  save: (v: unknown) => Promise<unknown>;
  close: () => void;
}) {
  const { t } = useTranslation();
  const locked = permission?.is_system ?? false;
  return (
    <EntityFormModal
      title={t(permission ? 'access.ui.editPermission' : 'access.ui.addPermission')}
      schema={permissionBody}
      initialValues={{
        name: permission?.name ?? '',
        description: permission?.description ?? '',
        status: permission?.status ?? 1,
        is_menu: permission?.is_menu ?? false,
        method: permission?.method ?? '*',
        path: permission?.path ?? '',
        icon: permission?.icon ?? '',
        classification: permission?.classification ?? '',
      }}
      onSubmit={save}
      onClose={close}
    >
      {(rules) => (
        <>
          <Form.Item name="name" label={t('access.ui.permissionName')} rules={rules('name')}>
            <Input disabled={locked} />
          </Form.Item>
          <Form.Item name="description" label={t('access.ui.description')} rules={rules('description')}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Space size="large" align="start" wrap>
            <Form.Item name="method" label={t('access.ui.method')} rules={rules('method')}>
              <Select
                disabled={locked}
                style={{ width: 140 }}
                options={HTTP_METHODS.map((m) => ({
                  value: m,
                  label: m === '*' ? t('access.ui.anyMethod') : m,
                }))}
              />
            </Form.Item>
            <Form.Item name="path" label={t('access.ui.path')} rules={rules('path')}>
              <Input disabled={locked} style={{ width: 300 }} />
            </Form.Item>
            <Form.Item name="is_menu" label={t('access.ui.isMenu')} valuePropName="checked">
              <Switch disabled={locked} />
            </Form.Item>
          </Space>
          <Space size="large" align="start" wrap>
            <Form.Item name="icon" label={t('access.ui.icon')} rules={rules('icon')}>
              <Input />
            </Form.Item>
            <Form.Item
              name="classification"
              label={t('access.ui.classification')}
              rules={rules('classification')}
            >
              <Input />
            </Form.Item>
          </Space>
          <StatusRadio />
        </>
      )}
    </EntityFormModal>
  );
}

export default function PermissionsPage() {
  const { t } = useTranslation();
  const label = usePermissionLabel();
  return (
    <ManagedList<PermissionView>
      page="/permission/permissions"
      kind="permissions"
      entity="permission"
      addLabelKey="access.ui.addPermission"
      locked={(p) => p.is_system}
      columns={[
        { title: 'ID', dataIndex: 'id', width: 70 },
        {
          title: t('access.ui.permissionName'),
          key: 'name',
          render: (_, p) => (
            <Space>
              {label(p)}
              {p.is_system && <Tag color="blue">{t('access.ui.builtIn')}</Tag>}
            </Space>
          ),
        },
        { title: t('access.ui.description'), dataIndex: 'description' },
        {
          title: t('access.ui.method'),
          dataIndex: 'method',
          render: (m: string) => (m === '*' ? t('access.ui.anyMethod') : m),
        },
        { title: t('access.ui.path'), dataIndex: 'path' },
        {
          title: t('access.ui.isMenu'),
          dataIndex: 'is_menu',
          render: (v: boolean) => t(v ? 'access.ui.yes' : 'access.ui.no'),
        },
        { title: t('access.ui.icon'), dataIndex: 'icon' },
        { title: t('access.ui.classification'), dataIndex: 'classification' },
      ]}
      renderForm={(p, save, close) => <PermissionForm permission={p} save={save} close={close} />}
    />
  );
}

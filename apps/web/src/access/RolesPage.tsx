import { type RoleView, roleBody } from '@app/contracts';
import { Checkbox, Form, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityFormModal } from '../platform/ui/EntityFormModal';
import { useAllPermissions, usePermissionLabel } from './access.api';
import { ManagedList } from './ManagedList';
import { StatusRadio } from './StatusRadio';

function RoleForm({
  role,
  save,
  close,
}: {
  role: RoleView | null;
  save: (v: unknown) => Promise<unknown>;
  close: () => void;
}) {
  const { t } = useTranslation();
  const permissions = useAllPermissions();
  const label = usePermissionLabel();
  return (
    <EntityFormModal
      title={t(role ? 'access.ui.editRole' : 'access.ui.addRole')}
      schema={roleBody}
      initialValues={{
        name: role?.name ?? '',
        description: role?.description ?? '',
        status: role?.status ?? 1,
        permission_ids: role?.permission_ids ?? [],
      }}
      onSubmit={save}
      onClose={close}
    >
      {(rules) => (
        <>
          <Form.Item name="name" label={t('access.ui.roleName')} rules={rules('name')}>
            <Input disabled={role?.is_system} />
          </Form.Item>
          <Form.Item name="description" label={t('access.ui.description')} rules={rules('description')}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <StatusRadio />
          <Form.Item name="permission_ids" label={t('access.ui.permissions')} rules={rules('permission_ids')}>
            <Checkbox.Group
              options={(permissions.data ?? []).map((p) => ({ value: p.id, label: label(p) }))}
              style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}
            />
          </Form.Item>
        </>
      )}
    </EntityFormModal>
  );
}

export default function RolesPage() {
  const { t } = useTranslation();
  const permissions = useAllPermissions();
  const label = usePermissionLabel();
  const byId = new Map((permissions.data ?? []).map((p) => [p.id, p]));
  return (
    <ManagedList<RoleView>
      page="/permission/role"
      kind="roles"
      entity="role"
      addLabelKey="access.ui.addRole"
      locked={(role) => role.is_system}
      columns={[
        {
          title: t('access.ui.roleName'),
          key: 'name',
          render: (_, role) => (
            <Space>
              {role.name}
              {role.is_system && <Tag color="blue">{t('access.ui.builtIn')}</Tag>}
            </Space>
          ),
        },
        { title: t('access.ui.description'), dataIndex: 'description' },
        {
          title: t('access.ui.permissions'),
          key: 'permissions',
          render: (_, role) => (
            <Space size={[0, 4]} wrap>
              {role.permission_ids.map((id) => {
                const p = byId.get(id);
                return <Tag key={id}>{p ? label(p) : id}</Tag>;
              })}
            </Space>
          ),
        },
        { title: t('access.ui.adminCount'), dataIndex: 'admin_count', width: 120 },
      ]}
      renderForm={(role, save, close) => <RoleForm role={role} save={save} close={close} />}
    />
  );
}

import { UserOutlined } from '@ant-design/icons';
import { type AdminView, adminCreateBody, adminUpdateBody } from '@app/contracts';
import { Avatar, Checkbox, Form, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../platform/current-user';
import { formatDateTime } from '../platform/format';
import { EntityFormModal } from '../platform/ui/EntityFormModal';
import { useAllRoles } from './access.api';
import { ManagedList } from './ManagedList';
import { StatusRadio } from './StatusRadio';

/** Create (password required) or edit (blank password = unchanged); only a super admin sees the super switch. */
function AdminForm({
  admin,
  save,
  close,
}: {
  admin: AdminView | null;
  save: (v: unknown) => Promise<unknown>;
  close: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const roles = useAllRoles();
  return (
    <EntityFormModal
      title={t(admin ? 'access.ui.editAdmin' : 'access.ui.addAdmin')}
      schema={admin ? adminUpdateBody : adminCreateBody}
      initialValues={{
        name: admin?.name ?? '',
        phone: admin?.phone ?? '',
        account: admin?.account ?? '',
        avatar: admin?.avatar ?? '',
        role_ids: admin?.role_ids ?? [],
        is_super: admin?.is_super ?? false,
        status: admin?.status ?? 1,
        password: '',
        password_confirmation: '',
      }}
      onSubmit={save}
      onClose={close}
    >
      {(rules) => (
        <>
          <Form.Item name="name" label={t('access.ui.username')} rules={rules('name')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="phone" label={t('access.ui.phone')} rules={rules('phone')}>
            <Input />
          </Form.Item>
          <Form.Item name="account" label={t('access.ui.account')} rules={rules('account')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="avatar" label={t('access.ui.avatar')} rules={rules('avatar')}>
            <Input />
          </Form.Item>
          <Form.Item name="role_ids" label={t('access.ui.roles')}>
            <Checkbox.Group options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))} />
          </Form.Item>
          {user?.is_super && (
            <Form.Item name="is_super" valuePropName="checked">
              <Checkbox>{t('access.ui.superAdmin')}</Checkbox>
            </Form.Item>
          )}
          <Form.Item
            name="password"
            label={t('access.ui.password')}
            rules={rules('password')}
            extra={admin ? t('access.ui.passwordHint') : undefined}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="password_confirmation" label={t('access.ui.confirmPassword')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <StatusRadio />
        </>
      )}
    </EntityFormModal>
  );
}

export default function AdminsPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  return (
    <ManagedList<AdminView>
      page="/permission/admins"
      kind="admins"
      entity="admin"
      addLabelKey="access.ui.addAdmin"
      locked={(admin) => admin.id === user?.id}
      columns={[
        {
          title: t('access.ui.username'),
          key: 'name',
          render: (_, admin) => (
            <Space>
              <Avatar size="small" src={admin.avatar || undefined} icon={<UserOutlined />} />
              {admin.name}
              {admin.is_super && <Tag color="gold">{t('access.ui.superAdmin')}</Tag>}
            </Space>
          ),
        },
        { title: t('access.ui.account'), dataIndex: 'account' },
        { title: t('access.ui.phone'), dataIndex: 'phone' },
        {
          title: t('access.ui.roles'),
          key: 'roles',
          render: (_, admin) => admin.role_names.map((name) => <Tag key={name}>{name}</Tag>),
        },
        { title: t('access.ui.lastLogin'), dataIndex: 'last_login_at', render: formatDateTime },
        { title: t('access.ui.createdAt'), dataIndex: 'created_at', render: formatDateTime },
      ]}
      renderForm={(admin, save, close) => <AdminForm admin={admin} save={save} close={close} />}
    />
  );
}

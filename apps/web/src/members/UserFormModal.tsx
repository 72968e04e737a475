import { EditOutlined } from '@ant-design/icons';
import { type UserListItem, userCreateBody, userUpdateBody } from '@app/contracts';
import { Button, Form, Input, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityFormModal } from '../platform/ui/EntityFormModal';
import { useLevels, useSaveMember } from './members.api';
import { UserPicker } from './UserPicker';

/** The fields the form edits: a member list row or a user detail. */
export type EditableMember = Omit<UserListItem, 'balance' | 'frozen_balance'>;

/**
 * Create (upline and password required) or edit (name and email read-only, blank password = unchanged); the
 * iBloomer upline is optional in both.
 */
export function UserFormModal({ user, onClose }: { user: EditableMember | null; onClose: () => void }) {
  const { t } = useTranslation();
  const levels = useLevels();
  const saveMember = useSaveMember();
  // An edit says the iBloomer upline it wants: a cleared picker (undefined) takes the member out of its line.
  const save = (values: { iblommer_parent_user_id?: number | null }) =>
    saveMember.mutateAsync({
      id: user?.id ?? null,
      values: user ? { ...values, iblommer_parent_user_id: values.iblommer_parent_user_id ?? null } : values,
    });
  return (
    <EntityFormModal
      title={t(user ? 'members.ui.edit' : 'members.ui.add')}
      schema={user ? userUpdateBody : userCreateBody}
      initialValues={{
        name: user?.name ?? '',
        email: user?.email ?? '',
        display_name: user?.display_name ?? '',
        phone: user?.phone ?? '',
        level_id: user?.level_id ?? 1,
        platform_id: user?.platform_id ?? '',
        status: user?.status ?? 1,
        parent_user_id: user?.parent_user?.id,
        iblommer_parent_user_id: user?.iblommer_parent_user?.id,
        password: '',
        level_remark: '',
      }}
      onSubmit={save}
      onClose={onClose}
    >
      {(schemaRules) => {
        const rules = schemaRules as (field: string) => Rule[];
        return (
          <>
            <Form.Item name="name" label={t('members.ui.name')} rules={user ? [] : rules('name')}>
              <Input disabled={!!user} autoComplete="off" />
            </Form.Item>
            <Form.Item name="email" label={t('members.ui.email')} rules={user ? [] : rules('email')}>
              <Input disabled={!!user} autoComplete="off" />
            </Form.Item>
            {!user && (
              <Form.Item name="parent_user_id" label={t('members.ui.upline')} rules={rules('parent_user_id')}>
                <UserPicker />
              </Form.Item>
            )}
            <Form.Item
              name="iblommer_parent_user_id"
              label={t('members.ui.iblommerUpline')}
              rules={rules('iblommer_parent_user_id')}
              extra={user ? t('members.ui.iblommerUplineHint') : undefined}
            >
              <UserPicker />
            </Form.Item>
            <Form.Item name="display_name" label={t('members.ui.displayName')} rules={rules('display_name')}>
              <Input />
            </Form.Item>
            <Form.Item name="phone" label={t('members.ui.phone')} rules={rules('phone')}>
              <Input />
            </Form.Item>
            <Form.Item name="level_id" label={t('members.ui.level')} rules={rules('level_id')}>
              <Select options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))} />
            </Form.Item>
            {user && (
              <Form.Item
                name="level_remark"
                label={t('members.ui.levelRemark')}
                rules={rules('level_remark')}
              >
                <Input />
              </Form.Item>
            )}
            <Form.Item name="platform_id" label={t('members.ui.platformId')} rules={rules('platform_id')}>
              <Input />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('members.ui.password')}
              rules={rules('password')}
              extra={user ? t('members.ui.passwordHint') : undefined}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="status" label={t('members.ui.status')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('members.ui.enabled') },
                  { value: 2, label: t('members.ui.disabled') },
                ]}
              />
            </Form.Item>
          </>
        );
      }}
    </EntityFormModal>
  );
}

/** An Edit button opening the edit modal of `user` (the user detail); the saved change refreshes lists and details. */
export function EditMemberButton({ user }: { user: EditableMember }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(true)}>
        {t('members.ui.editAction')}
      </Button>
      {open && <UserFormModal user={user} onClose={() => setOpen(false)} />}
    </>
  );
}

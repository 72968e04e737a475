import { type ChangePasswordForm, type CurrentUser, changePasswordForm } from '@app/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateMe } from '../../me/me.api';
import { EntityFormModal } from '../../platform/ui/EntityFormModal';

const EMPTY: ChangePasswordForm = { old_password: '', password: '', password_confirmation: '' };

/**
 * The avatar menu's "Change password", for every account: the current password, the new one under the rules of the
 * account's kind, confirmed. Saved through `POST /api/me`, which ends the account's other sessions; this one goes on.
 */
export function ChangePasswordModal({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  return (
    <EntityFormModal
      title={t('me.changePassword')}
      schema={changePasswordForm(user.is_admin)}
      initialValues={EMPTY}
      onSubmit={(values) => update.mutateAsync(values)}
      onClose={onClose}
    >
      {(rules) => (
        <>
          <Form.Item name="old_password" label={t('me.oldPassword')} rules={rules('old_password')}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('me.newPassword')} rules={rules('password')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="password_confirmation"
            label={t('me.confirmPassword')}
            dependencies={['password']}
            rules={rules('password_confirmation')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
    </EntityFormModal>
  );
}

import { KeyOutlined, LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@app/contracts';
import { Avatar, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../../platform/feedback';
import { queryClient } from '../../platform/query-client';
import { clearSession } from '../../platform/session';
import { usePhone } from '../../platform/ui/phone';
import { ChangePasswordModal } from '../password/ChangePasswordModal';
import { logout as endSession } from '../shell.api';

/**
 * The navbar's user dropdown: personal center (members), change password (everyone) and logout. On a phone only the
 * avatar shows.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
  /** Ends the session on the server; the local session is forgotten even when that call fails (it toasted already). */
  const logout = async () => {
    try {
      await endSession();
      feedback.message.success(t('access.loggedOut'));
    } catch {
      // The token is dropped below, so the session is over for this browser either way.
    }
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
  const items = [
    ...(user.is_admin
      ? []
      : [
          {
            key: 'me',
            icon: <UserOutlined />,
            label: t('shell.personalCenter'),
            onClick: () => navigate('/me'),
          },
        ]),
    {
      key: 'password',
      icon: <KeyOutlined />,
      label: t('me.changePassword'),
      onClick: () => setChangingPassword(true),
    },
    // An administrator's two-factor sign-in and sessions (a member's are in the personal center).
    ...(user.is_admin
      ? [
          {
            key: 'security',
            icon: <SafetyOutlined />,
            label: t('security.title'),
            onClick: () => navigate('/account/security'),
          },
        ]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), onClick: logout },
  ];
  return (
    <>
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button type="text" aria-label="user menu">
          <Avatar size="small" src={user.avatar ?? undefined} icon={<UserOutlined />} />
          {!phone && (user.display_name || user.name)}
        </Button>
      </Dropdown>
      {changingPassword && <ChangePasswordModal user={user} onClose={() => setChangingPassword(false)} />}
    </>
  );
}

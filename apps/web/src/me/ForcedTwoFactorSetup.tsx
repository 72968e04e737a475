import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TwoFactorCard } from './TwoFactorCard';

/**
 * ADMIN_2FA=required and an administrator without two-factor sign-in: the set-up before anything else (the API
 * refuses their other calls until it is on). Once the recovery codes are put away, `onDone` goes on into the app.
 */
export default function ForcedTwoFactorSetup({
  onDone,
  onLogout,
}: {
  onDone: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <main style={{ maxWidth: 640, margin: '24px auto', padding: 16 }}>
      <Typography.Title level={3}>{t('security.title')}</Typography.Title>
      <TwoFactorCard onEnabled={onDone} />
      <Button type="link" onClick={onLogout}>
        {t('shell.logout')}
      </Button>
    </main>
  );
}

import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { feedback } from '../../platform/feedback';
import { getStoredUser, getToken } from '../../platform/session';
import { LoginForm } from '../login/LoginForm';
import { signInTarget } from '../login/target';
import { enterApp } from '../sign-in';

/**
 * /login reached inside the app (signed out, session lost): the same form as the stand-alone page, with antd's
 * toasts; a fresh load of /login shows it without the app (shell/login/standalone.tsx).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const target = signInTarget(useSearchParams()[0].get('redirect'));
  if (getToken() && getStoredUser()) return <Navigate to={target} replace />;
  return (
    <LoginForm
      t={t}
      notify={(text) => feedback.message.error(text)}
      onSignedIn={(result) => enterApp(result, target)}
    />
  );
}

import { type CurrentUser, ResultCode, SESSION_CODES } from '@app/contracts';
import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../platform/current-user';
import { ApiError } from '../platform/http';
import { queryClient } from '../platform/query-client';
import { clearSession, getToken, loginPath } from '../platform/session';
import { logout } from './shell.api';

const ForcedTwoFactorSetup = lazy(() => import('../me/ForcedTwoFactorSetup'));

const isSessionFailure = (error: unknown) =>
  error instanceof ApiError && (error.code === ResultCode.UNAUTHORIZED || SESSION_CODES.includes(error.code));

/**
 * Signed-in pages only: without a token (or with a session the server refuses) go to /login?redirect=<target>.
 * An administrator who must set up two-factor sign-in first (ADMIN_2FA=required) gets its set-up instead of the
 * app, until its recovery codes are put away (docs/product/access.md, "Two-factor sign-in").
 */
export function RequireAuth({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, query } = useCurrentUser();
  const target = loginPath(location.pathname + location.search);
  const refused = isSessionFailure(query.error);
  const mustSetUp = Boolean(user?.two_factor_required && !user.two_factor_enabled);
  const [settingUp, setSettingUp] = useState(false);
  useEffect(() => {
    if (mustSetUp) setSettingUp(true);
  }, [mustSetUp]);

  useEffect(() => {
    if (!refused) return;
    clearSession();
    navigate(target, { replace: true });
  }, [refused, target, navigate]);

  if (!getToken()) return <Navigate to={target} replace />;
  if (!user || refused) return <Spin size="large" fullscreen />;
  if (mustSetUp || settingUp)
    return (
      <Suspense fallback={<Spin size="large" fullscreen />}>
        <ForcedTwoFactorSetup
          onDone={() => setSettingUp(false)}
          onLogout={async () => {
            await logout().catch(() => undefined);
            clearSession();
            queryClient.clear();
            navigate('/login', { replace: true });
          }}
        />
      </Suspense>
    );
  return children(user);
}

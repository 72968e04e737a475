import { type CurrentUser, ResultCode, SESSION_CODES } from '@app/contracts';
import { Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../platform/current-user';
import { ApiError } from '../platform/http';
import { clearSession, getToken, loginPath } from '../platform/session';

const isSessionFailure = (error: unknown) =>
  error instanceof ApiError && (error.code === ResultCode.UNAUTHORIZED || SESSION_CODES.includes(error.code));

/** Signed-in pages only: without a token (or with a session the server refuses) go to /login?redirect=<target>. */
export function RequireAuth({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, query } = useCurrentUser();
  const target = loginPath(location.pathname + location.search);
  const refused = isSessionFailure(query.error);

  useEffect(() => {
    if (!refused) return;
    clearSession();
    navigate(target, { replace: true });
  }, [refused, target, navigate]);

  if (!getToken()) return <Navigate to={target} replace />;
  if (!user || refused) return <Spin size="large" fullscreen />;
  return children(user);
}

import { MENU, RESET_PAGE_PATH } from '@app/contracts';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router-dom';
import { registerNavigator } from '../platform/navigation';
import { DETAIL_ROUTES } from '../shell/detail-routes';
import { useDocumentTitle } from '../shell/document-title';
import { ProgressDone, trackRouteChanges } from '../shell/progress';
import { RequireAuth } from '../shell/RequireAuth';
import { MenuPage, RegisteredPage } from './RoutedPage';
import { UserDetailProvider } from './UserDetailProvider';
import '../shell/public-page.css';
import '../shell/shell.css';

// Every page, and the signed-in layout, is its own chunk (docs/performance/web.md): the first page loads only
// the framework and what it shows. Each waits behind the same full-screen spinner as RequireAuth's.
const AppLayout = lazy(() => import('../shell/layout/AppLayout').then((m) => ({ default: m.AppLayout })));
const LandingPage = lazy(() =>
  import('../shell/pages/LandingPage').then((m) => ({ default: m.LandingPage })),
);
const LoginPage = lazy(() => import('../shell/pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() =>
  import('../shell/password/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../shell/password/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const RedirectPage = lazy(() =>
  import('../shell/pages/RedirectPage').then((m) => ({ default: m.RedirectPage })),
);
const NotFoundPage = lazy(() =>
  import('../platform/ui/StatusPages').then((m) => ({ default: m.NotFoundPage })),
);
const loading = <Spin size="large" fullscreen />;

/** Public pages finish the progress bar themselves; signed-in pages do it inside the layout. */
function PublicPage() {
  const { pathname } = useLocation();
  useDocumentTitle(null);
  return (
    <Suspense fallback={loading}>
      <ProgressDone key={pathname} />
      <Outlet />
    </Suspense>
  );
}

/** The routes (docs/product/README.md, "The shell"): public pages, every MENU path and the detail pages under the signed-in layout, then 404. */
export const router = createBrowserRouter([
  {
    element: <PublicPage />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: RESET_PAGE_PATH, element: <ResetPasswordPage /> },
      { path: '/app', element: <LandingPage /> },
      { path: '/redirect/*', element: <RedirectPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: (
      <RequireAuth>
        {(user) => (
          <UserDetailProvider>
            <Suspense fallback={loading}>
              <AppLayout user={user} />
            </Suspense>
          </UserDetailProvider>
        )}
      </RequireAuth>
    ),
    children: [
      ...MENU.filter((entry) => !entry.external).map((entry) => ({
        path: entry.path,
        element: <MenuPage entry={entry} />,
      })),
      ...DETAIL_ROUTES.map((route) => ({
        path: route.path,
        element: <RegisteredPage path={route.path} titleKey={route.titleKey} />,
      })),
    ],
  },
]);

registerNavigator((to, options) => void router.navigate(to, options));
trackRouteChanges(router);

import { MENU } from '@app/contracts';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router-dom';
import { registerNavigator } from '../platform/navigation';
import { AppLayout } from '../shell/layout/AppLayout';
import { LandingPage } from '../shell/pages/LandingPage';
import { LoginPage } from '../shell/pages/LoginPage';
import { RedirectPage } from '../shell/pages/RedirectPage';
import { NotFoundPage } from '../shell/pages/StatusPages';
import { ProgressDone, trackRouteChanges } from '../shell/progress';
import { RequireAuth } from '../shell/RequireAuth';
import { MenuPage, RegisteredPage } from '../shell/RoutedPage';
import { DETAIL_ROUTES } from './pages';
import '../shell/shell.css';

/** Public pages finish the progress bar themselves; signed-in pages do it inside the layout. */
function PublicPage() {
  const { pathname } = useLocation();
  return (
    <>
      <ProgressDone key={pathname} />
      <Outlet />
    </>
  );
}

/** The routes (docs/product/README.md, "The shell"): public pages, every MENU path and the detail pages under the signed-in layout, then 404. */
export const router = createBrowserRouter([
  {
    element: <PublicPage />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/app', element: <LandingPage /> },
      { path: '/redirect/*', element: <RedirectPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <RequireAuth>{(user) => <AppLayout user={user} />}</RequireAuth>,
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

registerNavigator((to) => void router.navigate(to));
trackRouteChanges(router);

import { SettingOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@app/contracts';
import { Alert, FloatButton, Layout, Spin, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { NotificationBell } from '../../notifications/NotificationBell';
import { usePhone } from '../../platform/ui/phone';
import { HeaderSearch } from '../../search/HeaderSearch';
import { useDocumentTitle } from '../document-title';
import { isStaging, routeTitleKey } from '../menu';
import { ProgressDone } from '../progress';
import { useSettings } from '../settings';
import { LanguageSwitch } from './LanguageSwitch';
import { MenuDrawer } from './MenuDrawer';
import { NavMenu } from './NavMenu';
import { SettingsDrawer } from './SettingsDrawer';
import { TabBar } from './TabBar';
import { UserMenu } from './UserMenu';

/**
 * The default layout of every signed-in page: navbar, menu, tab bar, page, footer and the settings drawer.
 * On a phone (below 768 px) the menu, side or top, is a drawer opened by the navbar's menu button.
 */
export function AppLayout({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const settings = useSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const phone = usePhone();
  const drawerMenu = settings.menu && phone;
  const topMenu = settings.menu && settings.topMenu && !phone;
  useDocumentTitle(routeTitleKey(pathname, user.is_admin));

  useEffect(() => {
    document.documentElement.classList.toggle('color-weak', settings.colorWeak);
  }, [settings.colorWeak]);

  return (
    <>
      <Layout className="app-layout">
        {isStaging() && <Alert banner type="warning" title={t('shell.stagingBanner')} />}
        {(settings.navbar || topMenu || drawerMenu) && (
          <Layout.Header className="app-navbar" data-testid="navbar">
            {drawerMenu && <MenuDrawer user={user} width={settings.menuWidth} />}
            {settings.navbar && (
              <Link to="/dashboard/workplace" className="app-logo">
                {t('shell.appTitle')}
              </Link>
            )}
            {topMenu ? <NavMenu user={user} mode="horizontal" /> : <div style={{ flex: 1 }} />}
            {settings.navbar && (
              <>
                <HeaderSearch />
                <NotificationBell />
                <LanguageSwitch />
                <UserMenu user={user} />
              </>
            )}
          </Layout.Header>
        )}
        <Layout>
          {settings.menu && !topMenu && !phone && (
            <Layout.Sider width={settings.menuWidth} theme="light" className="app-sider" data-testid="sider">
              <NavMenu user={user} mode="inline" />
            </Layout.Sider>
          )}
          <Layout.Content className="app-content">
            {settings.tabBar && <TabBar isAdmin={user.is_admin} />}
            <main className="app-page">
              <Suspense fallback={<Spin size="large" className="app-page-loading" />}>
                <ProgressDone key={pathname} />
                <Outlet />
              </Suspense>
            </main>
            {settings.footer && (
              <Layout.Footer className="app-footer" data-testid="footer">
                <Typography.Text type="secondary">
                  {t('shell.footer', { year: new Date().getFullYear() })}
                </Typography.Text>
              </Layout.Footer>
            )}
          </Layout.Content>
        </Layout>
      </Layout>
      <FloatButton
        icon={<SettingOutlined />}
        aria-label={t('shell.settings')}
        tooltip={t('shell.settings')}
        onClick={() => setSettingsOpen(true)}
      />
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}

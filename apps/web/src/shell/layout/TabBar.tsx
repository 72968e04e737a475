import { Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { routeTitleKey } from '../menu';

interface OpenTab {
  path: string;
  titleKey: string;
}

/** The opened pages as tabs; a tab's close button drops it and moves to its neighbour when it was active. */
export function TabBar({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [tabs, setTabs] = useState<OpenTab[]>([]);

  useEffect(() => {
    const titleKey = routeTitleKey(pathname, isAdmin);
    if (!titleKey) return;
    setTabs((open) =>
      open.some((tab) => tab.path === pathname) ? open : [...open, { path: pathname, titleKey }],
    );
  }, [pathname, isAdmin]);

  const close = (path: string) => {
    const index = tabs.findIndex((tab) => tab.path === path);
    const rest = tabs.filter((tab) => tab.path !== path);
    setTabs(rest);
    if (path === pathname) navigate(rest[Math.min(index, rest.length - 1)]?.path ?? '/dashboard/workplace');
  };

  return (
    <Tabs
      className="app-tab-bar"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={pathname}
      onChange={(path) => navigate(path)}
      onEdit={(path, action) => action === 'remove' && close(String(path))}
      items={tabs.map((tab) => ({
        key: tab.path,
        label: t(tab.titleKey),
        closable: tabs.length > 1,
      }))}
    />
  );
}

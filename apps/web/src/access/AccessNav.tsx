import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export const ACCESS_PAGES = [
  { path: '/permission/admins', titleKey: 'menu.admins' },
  { path: '/permission/role', titleKey: 'menu.roles' },
  { path: '/permission/permissions', titleKey: 'menu.permissions' },
  { path: '/permission/audit', titleKey: 'menu.auditLog' },
] as const;
export type AccessPath = (typeof ACCESS_PAGES)[number]['path'];

/** Links between the permission pages (all but the administrators are hidden from the menu). */
export function AccessNav({ current }: { current: AccessPath }) {
  const { t } = useTranslation();
  return (
    <Space size="large" wrap role="navigation">
      {ACCESS_PAGES.map((page) =>
        page.path === current ? (
          <Typography.Text key={page.path} strong aria-current="page">
            {t(page.titleKey)}
          </Typography.Text>
        ) : (
          <Link key={page.path} to={page.path}>
            {t(page.titleKey)}
          </Link>
        ),
      )}
    </Space>
  );
}

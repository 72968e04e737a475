import type { CurrentUser } from '@app/contracts';
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { titleKeyOf, useMenu } from '../menu';
import { MenuIcon } from '../menu-icons';

/** The menu of the signed-in user, inline at the side (or in the phone drawer) or horizontal in the navbar. */
export function NavMenu({
  user,
  mode,
  onNavigate,
}: {
  user: CurrentUser;
  mode: 'inline' | 'horizontal';
  /** Called after an entry was picked (the phone drawer closes). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { entries, shopUrl } = useMenu(user);
  return (
    <Menu
      mode={mode}
      aria-label="menu"
      selectedKeys={[pathname]}
      style={{ borderInlineEnd: 'none', flex: 1, minWidth: 0 }}
      items={entries.map((entry) => ({
        key: entry.path,
        icon: <MenuIcon name={entry.icon} />,
        label: t(titleKeyOf(entry, user.is_admin)),
      }))}
      onClick={({ key }) => {
        const entry = entries.find((e) => e.path === key);
        if (entry?.external === 'shop') {
          if (shopUrl) window.open(shopUrl, '_blank', 'noopener,noreferrer');
        } else navigate(key);
        onNavigate?.();
      }}
    />
  );
}

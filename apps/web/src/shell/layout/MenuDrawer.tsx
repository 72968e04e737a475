import { MenuOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@app/contracts';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavMenu } from './NavMenu';

/** The phone layout's menu: a navbar button opening the menu in a drawer from the left, closed once a page is picked. */
export function MenuDrawer({ user, width }: { user: CurrentUser; width: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('shell.openMenu')}
        aria-expanded={open}
        data-testid="menu-button"
        onClick={() => setOpen(true)}
      />
      <Drawer
        placement="left"
        open={open}
        onClose={() => setOpen(false)}
        size={width}
        title={t('shell.appTitle')}
        styles={{ body: { padding: 0 } }}
        data-testid="menu-drawer"
      >
        <NavMenu user={user} mode="inline" onNavigate={() => setOpen(false)} />
      </Drawer>
    </>
  );
}

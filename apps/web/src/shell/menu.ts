import { type CurrentUser, isStagingHost, MENU, type MenuEntry, menuFor } from '@app/contracts';

import { matchPath } from 'react-router-dom';
import { usePublicConfig } from '../content/content.api';
import { DETAIL_ROUTES } from './detail-routes';
import { useSettings } from './settings';
import { useServerMenu } from './shell.api';

export const isStaging = () => isStagingHost(window.location.hostname);

/** Members see the Sponsor Tree where admins see the Genealogy. */
export const titleKeyOf = (entry: MenuEntry, isAdmin: boolean) =>
  (!isAdmin && entry.memberTitleKey) || entry.titleKey;

/** The title key of a routed path (menu page or detail page), null for unknown paths. */
export function routeTitleKey(pathname: string, isAdmin: boolean): string | null {
  const entry = MENU.find((e) => e.path === pathname);
  if (entry) return titleKeyOf(entry, isAdmin);
  return DETAIL_ROUTES.find((r) => matchPath(r.path, pathname))?.titleKey ?? null;
}

interface MenuAnswer {
  menu: MenuEntry[];
  shop_url: string;
}

/**
 * The side menu of the signed-in user: from POST /api/user/menu, or built
 * locally from contracts MENU when "menu loaded from server" is off. Hidden
 * entries are left out; the shop URL comes from GET /api/common/config.
 */
export function useMenu(user: CurrentUser) {
  const { menuFromServer } = useSettings();
  const query = useServerMenu<MenuAnswer>(user.id);
  const config = usePublicConfig();
  const entries = menuFromServer
    ? (query.data?.menu ?? [])
    : menuFor({ isAdmin: user.is_admin, roleIds: user.role_ids }, { staging: isStaging() });
  return {
    entries: entries.filter((e) => !e.hidden),
    shopUrl: config.data?.shop_url,
    loading: query.isLoading,
  };
}

import { STORAGE_KEYS, type ThemeMode, UI } from '@app/contracts';
import { useSyncExternalStore } from 'react';
import { useCurrentUser } from '../platform/current-user';

/** The layout toggles of the settings drawer (docs/product/README.md), kept in local storage. */
export interface LayoutSettings {
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  footer: boolean;
  tabBar: boolean;
  menuFromServer: boolean;
  menuWidth: number;
  colorWeak: boolean;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  navbar: true,
  menu: true,
  topMenu: false,
  footer: true,
  tabBar: true,
  menuFromServer: true,
  menuWidth: UI.menuWidth,
  colorWeak: false,
};

function read(): LayoutSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.settings) ?? '{}') as Partial<LayoutSettings>;
    return { ...DEFAULT_SETTINGS, ...stored };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

let current = read();
const listeners = new Set<() => void>();

export function updateSettings(change: Partial<LayoutSettings>): void {
  current = { ...current, ...change };
  localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(current));
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSettings = () => useSyncExternalStore(subscribe, () => current);

/**
 * The colour theme, light or dark (antd's dark algorithm): the signed-in user's own (`theme` of the current user),
 * chosen in the settings drawer and kept on the server (`useSaveTheme`, PUT /api/me/theme), so it follows them to
 * every browser. The copy of the user in local storage (`userInfo`) caches it, so a reload paints it at once; the
 * server's answer (GET /api/user/info, the sign-in) replaces the copy. The signed-out pages are light.
 */
export const useThemeMode = (): ThemeMode => useCurrentUser().user?.theme ?? 'light';

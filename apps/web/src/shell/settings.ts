import { STORAGE_KEYS, UI } from '@app/contracts';
import { useSyncExternalStore } from 'react';

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
 * The colour theme, light or dark (antd's dark algorithm), chosen in the settings drawer and remembered per user in
 * this browser's local storage (`app-theme`, by user id): the server keeps no preferences of the user interface.
 */
export type ThemeMode = 'light' | 'dark';
type Themes = Record<string, ThemeMode>;

function readThemes(): Themes {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.theme) ?? '{}') as Themes;
  } catch {
    return {};
  }
}

let themes = readThemes();
const themeOwner = (userId: number | undefined) => String(userId ?? 'signed-out');

export function setThemeMode(userId: number | undefined, mode: ThemeMode): void {
  themes = { ...themes, [themeOwner(userId)]: mode };
  localStorage.setItem(STORAGE_KEYS.theme, JSON.stringify(themes));
  for (const listener of listeners) listener();
}

export const useThemeMode = (userId: number | undefined): ThemeMode =>
  useSyncExternalStore(subscribe, () => themes[themeOwner(userId)] ?? 'light');

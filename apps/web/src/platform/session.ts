import { type CurrentUser, STORAGE_KEYS } from '@app/contracts';

/** The signed-in session as kept in local storage (docs/product/access.md: token under `token`, the user under `userInfo`). */
export const getToken = () => localStorage.getItem(STORAGE_KEYS.token);

export function getStoredUser(): CurrentUser | null {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as CurrentUser | null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: CurrentUser): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  storeUser(user);
}

export const storeUser = (user: CurrentUser) => localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));

/** Forgets the session; the language choice and layout settings are preferences and stay. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}

/** `/login?redirect=<path>` for the page being left (or the given target). */
export function loginPath(target = window.location.pathname + window.location.search): string {
  const bare = target.startsWith('/login') ? '' : target;
  return bare && bare !== '/' ? `/login?redirect=${encodeURIComponent(bare)}` : '/login';
}

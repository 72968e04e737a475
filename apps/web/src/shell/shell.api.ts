import { sessionEndpoints, type ThemeBody, type ThemeMode } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { changeCurrentUser } from '../platform/current-user';
import { request } from '../platform/http';
import { to, useWrite } from '../platform/write';

/**
 * The shell's calls: sign-out, the server's menu and the user's colour theme (docs/product/access.md); the sign-in's
 * is in login/login.api.ts.
 */
export const shellKeys = { menu: (userId: number) => ['menu', userId] as const };

export const logout = () => request(sessionEndpoints.logout);

/** The menu as the server builds it for the signed-in user. */
export const useServerMenu = <M>(userId: number) =>
  useQuery({
    queryKey: shellKeys.menu(userId),
    queryFn: () => request<M>(sessionEndpoints.menu),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Saves the signed-in user's colour theme (PUT /api/me/theme), shown at once; when the server refuses, the refusal is
 * toasted as every one is and the theme shown before comes back (unless another choice was made meanwhile).
 */
export function useSaveTheme() {
  const write = useWrite<ThemeMode, ThemeBody>({
    send: (theme) => to(sessionEndpoints.theme, { body: { theme } }),
    invalidates: [],
    toast: false,
  });
  const choices = useRef(0);
  return async (theme: ThemeMode) => {
    const choice = ++choices.current;
    const before = (await changeCurrentUser({ theme }))?.theme ?? 'light';
    try {
      await write.mutateAsync(theme);
    } catch {
      if (choice === choices.current) await changeCurrentUser({ theme: before });
    }
  };
}

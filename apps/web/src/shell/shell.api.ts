import { useQuery } from '@tanstack/react-query';
import { http } from '../platform/http';

/** The shell's endpoints: sign-out and the server's menu (docs/product/access.md); the sign-in's is in login/login.api.ts. */
export const SHELL = { logout: '/api/logout', menu: '/api/user/menu' } as const;

export const shellKeys = { menu: (userId: number) => ['menu', userId] as const };

export const logout = () => http.post(SHELL.logout);

/** The menu as the server builds it for the signed-in user. */
export const useServerMenu = <M>(userId: number) =>
  useQuery({
    queryKey: shellKeys.menu(userId),
    queryFn: () => http.post<M>(SHELL.menu),
    staleTime: Number.POSITIVE_INFINITY,
  });

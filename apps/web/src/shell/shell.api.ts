import type { LoginBody, LoginResult } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../platform/http';

/** The shell's endpoints: sign-in, sign-out and the server's menu (docs/product/access.md). */
export const SHELL = { login: '/api/login', logout: '/api/logout', menu: '/api/user/menu' } as const;

export const shellKeys = { menu: (userId: number) => ['menu', userId] as const };

export const login = (values: LoginBody) => http.post<LoginResult>(SHELL.login, values);
export const logout = () => http.post(SHELL.logout);

/** The menu as the server builds it for the signed-in user. */
export const useServerMenu = <M>(userId: number) =>
  useQuery({
    queryKey: shellKeys.menu(userId),
    queryFn: () => http.post<M>(SHELL.menu),
    staleTime: Number.POSITIVE_INFINITY,
  });

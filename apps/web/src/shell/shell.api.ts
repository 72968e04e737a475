import { sessionEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../platform/http';

/** The shell's calls: sign-out and the server's menu (docs/product/access.md); the sign-in's is in login/login.api.ts. */
export const shellKeys = { menu: (userId: number) => ['menu', userId] as const };

export const logout = () => request(sessionEndpoints.logout);

/** The menu as the server builds it for the signed-in user. */
export const useServerMenu = <M>(userId: number) =>
  useQuery({
    queryKey: shellKeys.menu(userId),
    queryFn: () => request<M>(sessionEndpoints.menu),
    staleTime: Number.POSITIVE_INFINITY,
  });

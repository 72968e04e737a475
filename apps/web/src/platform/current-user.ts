import { type CurrentUser, DEFAULT_BUSINESS_TIME_ZONE, sessionEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from './http';
import { queryClient } from './query-client';
import { getStoredUser, getToken, storeUser } from './session';

export const CURRENT_USER_KEY = ['currentUser'] as const;

/**
 * The signed-in user: the copy in local storage at once, refreshed from
 * GET /api/user/info when the app starts. null when nobody is signed in.
 */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: async () => {
      const user = await request<CurrentUser>(sessionEndpoints.currentUser);
      storeUser(user);
      return user;
    },
    initialData: getStoredUser() ?? undefined,
    initialDataUpdatedAt: 0,
    enabled: !!getToken(),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { user: getToken() ? (query.data ?? null) : null, query };
}

/**
 * A change the signed-in user makes to their own account (their theme), shown at once and kept in the copy in local
 * storage; a current-user read still under way is dropped first, so its older answer cannot undo the change.
 * Resolves to the user as they were.
 */
export async function changeCurrentUser(change: Partial<CurrentUser>): Promise<CurrentUser | undefined> {
  await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
  const user = queryClient.getQueryData<CurrentUser>(CURRENT_USER_KEY);
  if (!user) return undefined;
  const changed = { ...user, ...change };
  queryClient.setQueryData(CURRENT_USER_KEY, changed);
  storeUser(changed);
  return user;
}

/** Admins see full names and user details; members see masked names (docs/product/README.md). */
export const useIsAdmin = () => useCurrentUser().user?.is_admin === true;

/**
 * The company's business time zone (`business_time_zone` of the signed-in user): date filters, their shortcuts and
 * reports count its days. A copy of the user stored before the server told it has none until it is refreshed: a new
 * database's zone meanwhile.
 */
export const useBusinessTimeZone = (): string =>
  useCurrentUser().user?.business_time_zone ?? DEFAULT_BUSINESS_TIME_ZONE;

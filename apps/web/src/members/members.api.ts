import { type PublicConfig, UI, type UserDetail, type UserListResult } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { feedback } from '../platform/feedback';
import { http, send } from '../platform/http';

export const USERS_LIST_URL = '/api/users/list';
const DETAIL_KEY = 'userDetail';

/** Member levels with names in the current language (from GET /api/common/config). */
export function useLevels() {
  return useQuery({
    queryKey: ['/api/common/config'],
    queryFn: () => http.get<PublicConfig>('/api/common/config'),
    select: (config) => config.levels,
    staleTime: 10 * 60_000,
  });
}

/** GET /api/users/{id}: every section unless `append` names some. */
export function useUserDetail(userId: number, params: Record<string, string | number> = {}) {
  return useQuery({
    queryKey: [DETAIL_KEY, userId, params],
    queryFn: () => http.get<UserDetail>(`/api/users/${userId}`, params),
  });
}

/** Up to one picker page of members matching `keyword`, always including `selected`. */
export function useUserOptions(keyword: string, selected: number | undefined) {
  return useQuery({
    queryKey: [USERS_LIST_URL, 'picker', keyword, selected],
    queryFn: () =>
      http.get<UserListResult>(USERS_LIST_URL, {
        keyword: keyword || undefined,
        pageSize: UI.userPickerPageSize,
        append_user_ids: selected,
      }),
    select: (result) => result.list,
  });
}

/** A member change (create, edit, delete, report numbers): toasts the server's message and refreshes lists and details. */
export function useMemberChange() {
  const client = useQueryClient();
  return async (method: 'PUT' | 'POST' | 'DELETE', url: string, data?: unknown) => {
    const envelope = await send<unknown>({ method, url, data });
    feedback.message.success(envelope.msg);
    await Promise.all([
      client.invalidateQueries({ queryKey: [USERS_LIST_URL] }),
      client.invalidateQueries({ queryKey: [DETAIL_KEY] }),
    ]);
  };
}

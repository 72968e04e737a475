import {
  type ContentKind,
  type CurrentUser,
  hasPermission,
  Perm,
  type PublicConfig,
  type UnreadCount,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../platform/http';
import { queryClient } from '../platform/query-client';

export const ADMIN_URL = '/api/content/admin';
export const FEED_URL = '/api/content/list';
const UNREAD_URL = '/api/content/unread-count';

/** Member page of each kind (the unread badge opens the one with unread items). */
export const MEMBER_PAGE: Record<ContentKind, string> = {
  announcement: '/user-annoucement/list',
  article: '/user-information-center/list',
};

/** Members holding the programmes permission have a feed (admins manage it instead). */
export const hasFeed = (user: CurrentUser | null) =>
  !!user && !user.is_admin && hasPermission(user.role_ids, Perm.programmes);

/** Unread items per kind, refreshed every minute while the app is open. */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: [UNREAD_URL],
    queryFn: () => http.get<UnreadCount>(UNREAD_URL),
    enabled,
    refetchInterval: 60_000,
  });

/** After a read or an admin change: refetch the feed, the admin list and the unread count. */
export const refreshContent = () =>
  queryClient.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/content'),
  });

/** GET /api/common/config: shop link, site name, languages and member levels. */
export const usePublicConfig = () =>
  useQuery({
    queryKey: ['/api/common/config'],
    queryFn: () => http.get<PublicConfig>('/api/common/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });

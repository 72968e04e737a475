import {
  type AttachmentView,
  type ContentAdminItem,
  type ContentBody,
  type ContentKind,
  type ContentMemberItem,
  type CurrentUser,
  contentAdminQuery,
  contentEndpoints,
  contentMemberQuery,
  hasPermission,
  Perm,
  type UnreadCount,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiltersOf } from '../platform/filters/url-filters';
import { download, request } from '../platform/http';
import { fetchPublicConfig, publicConfigKey } from '../platform/public-config';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite, type WriteCall } from '../platform/write';

/** Announcements and articles (docs/product/content.md): `contentEndpoints`. */
export const contentKeys = {
  all: queryRoots.content,
  adminLists: () => [...contentKeys.all, 'admin'] as const,
  adminItem: (id: number | null) => [...contentKeys.all, 'adminItem', id] as const,
  feeds: () => [...contentKeys.all, 'feed'] as const,
  item: (id: number) => [...contentKeys.all, 'item', id] as const,
  unread: () => [...contentKeys.all, 'unread'] as const,
};

/** Member page of each kind (the unread badge opens the one with unread items). */
export const MEMBER_PAGE: Record<ContentKind, string> = {
  announcement: '/user-annoucement/list',
  article: '/user-information-center/list',
};

/** Members holding the programmes permission have a feed (admins manage it instead). */
export const hasFeed = (user: CurrentUser | null) =>
  !!user && !user.is_admin && hasPermission(user.role_ids, Perm.programmes);

export const adminFilters = contentAdminQuery.pick({ keyword: true, status: true });
export type AdminFilters = FiltersOf<typeof adminFilters>;
export const feedFilters = contentMemberQuery.pick({ keyword: true });
export type FeedFilters = FiltersOf<typeof feedFilters>;

export const adminList: ListEndpoint = {
  key: contentKeys.adminLists(),
  endpoint: contentEndpoints.adminList,
};
export const feedList: ListEndpoint = { key: contentKeys.feeds(), endpoint: contentEndpoints.feed };

/** Unread items per kind, refreshed every minute while the app is open. */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: contentKeys.unread(),
    queryFn: () => request<UnreadCount>(contentEndpoints.unreadCount),
    enabled,
    refetchInterval: 60_000,
  });

/** GET /api/common/config: shop link, site name, languages and member levels. */
export const usePublicConfig = () =>
  useQuery({ queryKey: publicConfigKey, queryFn: fetchPublicConfig, staleTime: Number.POSITIVE_INFINITY });

/** One item for reading; the server marks it read, so the feed and the unread count refresh once it came. */
export function useContentItem(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: contentKeys.item(id),
    queryFn: async () => {
      const item = await request<ContentMemberItem>(contentEndpoints.item, { params: { id } });
      void client.invalidateQueries({ queryKey: contentKeys.feeds() });
      void client.invalidateQueries({ queryKey: contentKeys.unread() });
      // An announcement read here is read in the notification bell too.
      void client.invalidateQueries({ queryKey: queryRoots.notifications });
      return item;
    },
  });
}

/** One item as its editor sees it (never cached: the form starts from the server's copy). */
export const useAdminItem = (id: number | null) =>
  useQuery({
    queryKey: contentKeys.adminItem(id),
    queryFn: () => request<ContentAdminItem>(contentEndpoints.adminView, { params: { id: id! } }),
    enabled: id !== null,
    gcTime: 0,
  });

/** An admin change (save, publish, pin, delete): toasts the server's message, refreshes lists, feeds and counts. */
const useContentWrite = <V>(send: (vars: V) => WriteCall) =>
  useWrite({ send, invalidates: [contentKeys.all] });

export const useSaveContent = () =>
  useContentWrite(({ id, body }: { id: number | null; body: ContentBody }) =>
    id ? to(contentEndpoints.update, { params: { id }, body }) : to(contentEndpoints.create, { body }),
  );
export const usePublishContent = () =>
  useContentWrite(({ id, published }: { id: number; published: boolean }) =>
    to(contentEndpoints.publish, { params: { id }, body: { published } }),
  );
export const usePinContent = () =>
  useContentWrite(({ id, pinned }: { id: number; pinned: boolean }) =>
    to(contentEndpoints.pin, { params: { id }, body: { pinned } }),
  );
export const useDeleteContent = () =>
  useContentWrite((id: number) => to(contentEndpoints.remove, { params: { id } }));

/** Uploads one attachment; it joins an item when the item is saved. */
export const uploadAttachment = (file: Blob) => {
  const body = new FormData();
  body.append('file', file);
  return request<AttachmentView>(contentEndpoints.uploadAttachment, { body });
};

export const downloadAttachment = (attachment: { id: number; name: string }) =>
  download(contentEndpoints.attachment, attachment.name, { params: { id: attachment.id } });

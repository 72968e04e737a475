import {
  type AttachmentView,
  type ContentAdminItem,
  type ContentBody,
  type ContentKind,
  type ContentMemberItem,
  type CurrentUser,
  contentAdminQuery,
  contentMemberQuery,
  hasPermission,
  Perm,
  type UnreadCount,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedback } from '../platform/feedback';
import type { FiltersOf } from '../platform/filters/url-filters';
import { download, http, send } from '../platform/http';
import { fetchPublicConfig, publicConfigKey } from '../platform/public-config';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';

/** The content endpoints (docs/product/content.md). */
export const CONTENT = {
  admin: '/api/content/admin',
  adminItem: (id: number) => `/api/content/admin/${id}`,
  publish: (id: number) => `/api/content/admin/${id}/publish`,
  pin: (id: number) => `/api/content/admin/${id}/pin`,
  feed: '/api/content/list',
  item: (id: number) => `/api/content/items/${id}`,
  unread: '/api/content/unread-count',
  attachments: '/api/content/attachments',
  attachment: (id: number) => `/api/content/attachments/${id}`,
} as const;

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

export const adminList: ListEndpoint = { key: contentKeys.adminLists(), url: CONTENT.admin };
export const feedList: ListEndpoint = { key: contentKeys.feeds(), url: CONTENT.feed };

/** Unread items per kind, refreshed every minute while the app is open. */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: contentKeys.unread(),
    queryFn: () => http.get<UnreadCount>(CONTENT.unread),
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
      const item = await http.get<ContentMemberItem>(CONTENT.item(id));
      void client.invalidateQueries({ queryKey: contentKeys.feeds() });
      void client.invalidateQueries({ queryKey: contentKeys.unread() });
      return item;
    },
  });
}

/** One item as its editor sees it (never cached: the form starts from the server's copy). */
export const useAdminItem = (id: number | null) =>
  useQuery({
    queryKey: contentKeys.adminItem(id),
    queryFn: () => http.get<ContentAdminItem>(CONTENT.adminItem(id!)),
    enabled: id !== null,
    gcTime: 0,
  });

type Write = { method: 'POST' | 'PUT' | 'DELETE'; url: string; data?: unknown };

/** An admin change (save, publish, pin, delete): toasts the server's message, refreshes lists, feeds and counts. */
function useContentWrite<V>(call: (vars: V) => Write) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) => {
      const envelope = await send(call(vars));
      feedback.message.success(envelope.msg);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.all }),
  });
}

export const useSaveContent = () =>
  useContentWrite(({ id, body }: { id: number | null; body: ContentBody }) =>
    id
      ? { method: 'PUT', url: CONTENT.adminItem(id), data: body }
      : { method: 'POST', url: CONTENT.admin, data: body },
  );
export const usePublishContent = () =>
  useContentWrite(({ id, published }: { id: number; published: boolean }) => ({
    method: 'POST',
    url: CONTENT.publish(id),
    data: { published },
  }));
export const usePinContent = () =>
  useContentWrite(({ id, pinned }: { id: number; pinned: boolean }) => ({
    method: 'POST',
    url: CONTENT.pin(id),
    data: { pinned },
  }));
export const useDeleteContent = () =>
  useContentWrite((id: number) => ({ method: 'DELETE', url: CONTENT.adminItem(id) }));

/** Uploads one attachment; it joins an item when the item is saved. */
export const uploadAttachment = (file: Blob) => {
  const data = new FormData();
  data.append('file', file);
  return send<AttachmentView>({ method: 'POST', url: CONTENT.attachments, data }).then((e) => e.data);
};

export const downloadAttachment = (attachment: { id: number; name: string }) =>
  download(CONTENT.attachment(attachment.id), undefined, attachment.name, 'GET');

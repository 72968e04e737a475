import {
  type MarkReadBody,
  type NotificationPreferences,
  type NotificationSummary,
  notificationEndpoints,
  type PreferencesBody,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../platform/http';
import { queryRoots } from '../platform/query-roots';
import type { ListEndpoint } from '../platform/ui/PagedTable';
import { to, useWrite } from '../platform/write';

/** The notification centre and its e-mail preferences (docs/product/notifications.md): `notificationEndpoints`. */
export const notificationKeys = {
  all: queryRoots.notifications,
  summary: () => [...notificationKeys.all, 'summary'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** The bell's count and its panel, from one answer (so they always agree); refreshed every minute. */
export const useNotificationSummary = () =>
  useQuery({
    queryKey: notificationKeys.summary(),
    queryFn: () => request<NotificationSummary>(notificationEndpoints.summary),
    refetchInterval: 60_000,
  });

export const notificationList: ListEndpoint = {
  key: notificationKeys.lists(),
  endpoint: notificationEndpoints.list,
};

/** Marks some (or, without ids, all) read; announcements read here are read on their page too. */
export const useMarkRead = () =>
  useWrite({
    send: (body: MarkReadBody) => to(notificationEndpoints.markRead, { body }),
    invalidates: [notificationKeys.all, queryRoots.content],
    toast: false,
  });

export const usePreferences = () =>
  useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: () => request<NotificationPreferences>(notificationEndpoints.preferences),
  });

export const useSavePreferences = () =>
  useWrite({
    send: (body: PreferencesBody) => to(notificationEndpoints.savePreferences, { body }),
    invalidates: [notificationKeys.preferences()],
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { NotificationList } from '@/shared/api/types';

/** A shopper's notifications in the cache; marking them read writes the answer here. */
export const notificationsKey = (userId: number) => ['notifications', userId] as const;

/** GET /api/v1/notifications/ — newest first, at most 50, with the unread count; 401 for guests. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return api.get<NotificationList>('/api/v1/notifications/', { signal });
}

/** Asked again on each visit: orders, stock and offers add to it from elsewhere. */
export const notificationsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: notificationsKey(userId), queryFn: ({ signal }) => getNotifications(signal), staleTime: 0 });

/** Asked only for a logged-in shopper (`userId` null for guests). */
export function useNotifications(userId: number | null) {
  return useQuery({ ...notificationsQueryOptions(userId ?? 0), enabled: userId !== null });
}

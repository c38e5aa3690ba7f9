import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import type { Me, NotificationList, NotificationsRead } from '@/shared/api/types';
import { notificationsKey } from './get-notifications';

/** POST /api/v1/notifications/read/ — marks `ids` read (empty: all of them); answers the list. */
export function markNotificationsRead(body: NotificationsRead): Promise<NotificationList> {
  return api.post<NotificationList>('/api/v1/notifications/read/', body);
}

/**
 * Marks notifications read. The answer replaces the list, and the header's count (`me`) drops at once to
 * the answer's unread count, then is asked again. These run even when the page has gone (a notification's
 * link was followed), so `onError` is given here rather than per call.
 */
export function useMarkNotificationsRead(userId: number, onError: (e: unknown) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => markNotificationsRead({ ids }),
    onSuccess: (list) => {
      qc.setQueryData(notificationsKey(userId), list);
      qc.setQueryData<Me>(queryKeys.me, (me) => (me ? { ...me, notificationCount: list.unread } : me));
      void qc.invalidateQueries({ queryKey: queryKeys.me });
    },
    onError,
  });
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/shared/api/query-keys';

/** The channel the tabs of one browser tell each other on. */
export const COUNTS_CHANNEL = 'drape-counts';

/**
 * The header's counts (wishlist, cart, notifications) stay right in every tab: a change made in
 * one tab (any successful mutation: add to bag, a heart, login, marking read…) tells the others,
 * which ask the server again; and a tab coming back into view asks again too, for changes made
 * on another device.
 */
export function useCountsAcrossTabs() {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void client.invalidateQueries({ queryKey: queryKeys.me });
      void client.invalidateQueries({ queryKey: queryKeys.cartQuantity });
    };
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(COUNTS_CHANNEL);
    channel?.addEventListener('message', refresh);
    const unsubscribe = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') channel?.postMessage('changed');
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      unsubscribe();
      channel?.close();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [client]);
}

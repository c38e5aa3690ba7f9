import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ViewCartInfo } from '@/shared/api/types';
import { cartKeys } from './keys';

/** GET /get/view-cart-info/ — the visitor's cart id (null: no cart yet) and its quantity. */
export function getViewCartInfo(signal?: AbortSignal): Promise<ViewCartInfo> {
  return api.get<ViewCartInfo>('/get/view-cart-info/', { signal });
}

export const viewCartInfoQueryOptions = () =>
  queryOptions({ queryKey: cartKeys.info, queryFn: ({ signal }) => getViewCartInfo(signal), staleTime: 0 });

/**
 * The cart page reads the cart id afresh as it mounts (another tab may have made or emptied the cart),
 * except when it was read in the last JUST_READ_MS: on a first visit the app reads it just before
 * drawing the page (app/first-data.ts), and a second read was the same answer asked for twice.
 */
const JUST_READ_MS = 2_000;

export function useViewCartInfo() {
  return useQuery({ ...viewCartInfoQueryOptions(), refetchOnMount: (q) => Date.now() - q.state.dataUpdatedAt > JUST_READ_MS });
}

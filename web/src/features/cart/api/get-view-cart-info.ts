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

export function useViewCartInfo() {
  return useQuery(viewCartInfoQueryOptions());
}

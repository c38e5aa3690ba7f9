import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { MoreLikeThisPage } from '@/shared/api/types';

/** GET /web/api/v1/more-like-this/?productid={id}&page={n} — pages start at 0, 8 products each. */
export function getMoreLikeThis(productId: number, page: number, signal?: AbortSignal): Promise<MoreLikeThisPage> {
  return api.get<MoreLikeThisPage>('/web/api/v1/more-like-this/', {
    query: { productid: productId, page: String(page) },
    signal,
  });
}

export const moreLikeThisQueryOptions = (productId: number, page: number) =>
  queryOptions({
    queryKey: ['more-like-this', productId, page] as const,
    queryFn: ({ signal }) => getMoreLikeThis(productId, page, signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export function useMoreLikeThis(productId: number, page = 0) {
  return useQuery(moreLikeThisQueryOptions(productId, page));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, XHR_HEADER } from '@/shared/api/client';
import type { OrderList, OrderListQuery } from '../types';
import { orderKeys } from './keys';
import { shopperOnly } from './shopper-only';

/**
 * GET /order/history/?page=&status=&time_period= (or /order/app/history/): the same path is the page,
 * so the app asks for JSON and marks the call as its own (Accept: application/json, X-Requested-With).
 * 401 for guests; an unknown filter is a 400 with the server's message.
 */
export function getOrders(dataPath: string, q: OrderListQuery, signal?: AbortSignal): Promise<OrderList> {
  return api.get<OrderList>(dataPath, { query: q, signal, headers: { ...XHR_HEADER } });
}

/** Asked afresh on each visit (orders move on their own); a new page keeps the last one shown until it arrives. */
export const ordersQueryOptions = (userId: number, dataPath: string, q: OrderListQuery) =>
  queryOptions({
    queryKey: orderKeys.list(userId, dataPath, q),
    queryFn: ({ signal, client }) => shopperOnly(client, () => getOrders(dataPath, q, signal)),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** Asked only for a logged-in shopper (`userId` null for guests). */
export function useOrders(userId: number | null, dataPath: string, q: OrderListQuery) {
  return useQuery({ ...ordersQueryOptions(userId ?? 0, dataPath, q), enabled: userId !== null });
}

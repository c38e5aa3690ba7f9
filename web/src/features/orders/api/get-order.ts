import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { OrderDetail } from '../types';
import { orderKeys } from './keys';
import { shopperOnly } from './shopper-only';

/** GET /api/v1/orders/{encrypted_order_id}/ — the order in full; 404 for another shopper's order. */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get<OrderDetail>(`/api/v1/orders/${encodeURIComponent(orderId)}/`, { signal });
}

export const orderQueryOptions = (userId: number, orderId: string) =>
  queryOptions({
    queryKey: orderKeys.detail(userId, orderId),
    queryFn: ({ signal, client }) => shopperOnly(client, () => getOrder(orderId, signal)),
    staleTime: 0,
  });

export function useOrder(userId: number | null, orderId: string) {
  return useQuery({ ...orderQueryOptions(userId ?? 0, orderId), enabled: userId !== null && orderId !== '' });
}

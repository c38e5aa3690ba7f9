import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { OrderStatus } from '../types';
import { checkoutKeys } from './keys';

/** GET /api/v1/orders/{id}/status/ — the order's state and whether its payment may be tried again now. */
export function getOrderStatus(orderId: string, signal?: AbortSignal): Promise<OrderStatus> {
  return api.get<OrderStatus>(`/api/v1/orders/${encodeURIComponent(orderId)}/status/`, { signal });
}

export const orderStatusQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: checkoutKeys.orderStatus(orderId), queryFn: ({ signal }) => getOrderStatus(orderId, signal), staleTime: 0 });

export function useOrderStatus(orderId: string | null) {
  return useQuery({ ...orderStatusQueryOptions(orderId ?? ''), enabled: orderId !== null });
}

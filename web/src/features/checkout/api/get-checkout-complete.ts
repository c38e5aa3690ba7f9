import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { CheckoutComplete } from '../types';
import { checkoutKeys } from './keys';

/**
 * POST /get-checkout-complete-data/ (spec 000 §7): an ajax form post whose field `data` is the JSON
 * {"order_id": …} (csrfmiddlewaretoken and X-CSRFToken as every form post). Read-only, so a query.
 */
export function getCheckoutComplete(orderId: string, signal?: AbortSignal): Promise<CheckoutComplete> {
  return api.postForm<CheckoutComplete>('/get-checkout-complete-data/', { data: JSON.stringify({ order_id: orderId }) }, { signal });
}

/** Spec 000 §8: a failure is logged only; the page then thanks plainly (no retry: nothing is shown). */
export const checkoutCompleteQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: checkoutKeys.complete(orderId),
    queryFn: ({ signal }) => getCheckoutComplete(orderId, signal),
    staleTime: 0,
    retry: false,
  });

export function useCheckoutComplete(orderId: string | null) {
  return useQuery({ ...checkoutCompleteQueryOptions(orderId ?? ''), enabled: orderId !== null });
}

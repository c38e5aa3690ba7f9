import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, FALLBACK_MESSAGE } from '@/shared/api/client';
import { postFormLegacy } from '@/shared/api/legacy-form';
import { queryKeys } from '@/shared/api/query-keys';
import type { CancelCheck, CancelCheckRequest, CancelOrderForm, CancelPrepaidOrderForm } from '../types';
import { orderKeys } from './keys';

/** POST /api/v1/order-cancel-check/ — whether the order can be cancelled now, how, and what comes back where. */
export function checkCancel(orderId: string, requestId: string): Promise<CancelCheck> {
  const body: CancelCheckRequest = { order_id: orderId, drape_request_id: requestId };
  return api.post<CancelCheck>('/api/v1/order-cancel-check/', body);
}

/** Asked when the cancel sheet opens (once per opening: the request id is the opening's); it changes nothing. */
export function useCancelCheck(orderId: string, requestId: string) {
  return useQuery({
    queryKey: orderKeys.cancelCheck(orderId, requestId),
    queryFn: () => checkCancel(orderId, requestId),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export type CancelChoice = {
  orderId: string;
  /** The check's cancel_flow: cod → /cancel-order/, prepaid → /cancel-prepaid-order/. */
  flow: string;
  reason: string;
  comment: string;
  /** wallet or source; prepaid only. */
  refundType: string;
};

/**
 * Spec 000 §3 Cancel payload, §7: cod posts reason, orderid, comment; prepaid posts one (the reason),
 * refundType, is_user, orderId, comment. The text 'success' means done; any other answer is shown
 * as the server words it.
 */
export async function cancelOrder(c: CancelChoice): Promise<void> {
  const answer =
    c.flow === 'prepaid'
      ? await postFormLegacy<unknown>('/cancel-prepaid-order/', {
          one: c.reason,
          refundType: c.refundType,
          is_user: '1',
          orderId: c.orderId,
          comment: c.comment,
        } satisfies CancelPrepaidOrderForm)
      : await postFormLegacy<unknown>('/cancel-order/', {
          reason: c.reason,
          orderid: c.orderId,
          comment: c.comment,
        } satisfies CancelOrderForm);
  if (answer.done) return;
  const message = (answer.data as { message?: unknown } | null)?.message;
  throw new ApiError(200, 'not_cancelled', typeof message === 'string' && message.trim() ? message : FALLBACK_MESSAGE, {}, answer.data);
}

/**
 * Cancels; afterwards every order list and order, the wallet (a refund may have landed there), the
 * header's counts and `me` are asked again.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    scope: { id: 'order-cancel' },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cartQuantity });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, FALLBACK_MESSAGE, isApiError } from '@/shared/api/client';
import { postFormLegacy } from '@/shared/api/legacy-form';
import { queryKeys } from '@/shared/api/query-keys';
import type { CartQuantity } from '@/shared/api/types';
import type { Reorder, ReorderForm } from '../types';

/** What a re-order did: everything went to the bag, some of it, or none (with the server's words and the items left out). */
export type ReorderOutcome = { kind: 'added' } | { kind: 'partial'; answer: Reorder } | { kind: 'nothing'; answer: Reorder };

function isReorder(x: unknown): x is Reorder {
  return typeof x === 'object' && x !== null && typeof (x as Reorder).message === 'string' && Array.isArray((x as Reorder).left_out);
}

/**
 * POST /add_to_cart_order/ (form: order_id): the text 'success' when every item went in; a 200
 * 'partial' or a 409 'nothing_added' name the items left out and why.
 */
export async function reorder(orderId: string): Promise<ReorderOutcome> {
  try {
    const answer = await postFormLegacy<Reorder>('/add_to_cart_order/', { order_id: orderId } satisfies ReorderForm);
    if (answer.done) return { kind: 'added' };
    if (isReorder(answer.data)) return { kind: answer.data.added_pieces > 0 ? 'partial' : 'nothing', answer: answer.data };
    throw new ApiError(200, 'bad_response', FALLBACK_MESSAGE, {}, answer.data);
  } catch (e) {
    if (isApiError(e) && e.status === 409 && isReorder(e.body)) return { kind: 'nothing', answer: e.body };
    throw e;
  }
}

/** Re-orders; the header's count shows the bag at once when the answer says it, and is asked again either way. */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    scope: { id: 'cart' },
    onSuccess: (outcome) => {
      if (outcome.kind !== 'added')
        queryClient.setQueryData<CartQuantity>(queryKeys.cartQuantity, { cart_quantity: outcome.answer.cart_quantity });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cartQuantity });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

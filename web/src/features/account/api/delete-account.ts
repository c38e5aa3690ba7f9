import { useMutation, type QueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import type { AccountDeleted, DeleteAccountBody } from '@/shared/api/types';

/**
 * PATCH /api/v3/deleteAccount/ — deletes the shopper's account with the code sent to their mobile; the
 * session cookie is cleared with the answer. 409 `account_busy` (an order, a return or a refund still
 * open) and 400 `otp_refused` carry the message to show; 503 when saved cards could not be deleted at the
 * payment provider (nothing was deleted).
 */
export function deleteAccount(body: DeleteAccountBody): Promise<AccountDeleted> {
  return api.patch<AccountDeleted>('/api/v3/deleteAccount/', body);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

/**
 * After the account is gone nothing cached belongs to anyone: every answer is reset (its data dropped),
 * `me` first, so that what is still on screen (the header, the shopper's own queries) sees a guest and
 * stands down, then the rest on screen is asked again as a guest (the cart count, now 0).
 */
export async function forgetDeletedAccount(qc: QueryClient): Promise<void> {
  await qc.cancelQueries();
  await qc.resetQueries({ queryKey: queryKeys.me });
  await qc.resetQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
}

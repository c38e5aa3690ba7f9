import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { LogoutResult } from '@/shared/api/types';
import { meKey } from './get-me';

export function logout(): Promise<LogoutResult> {
  return api.post<LogoutResult>('/mobile_logout/');
}

/**
 * After logout nothing cached belongs to the visitor any more: refetch it all, `me` first, so that the
 * shopper's own queries on the page (orders, wallet, address book: enabled only for a logged-in shopper)
 * see the guest and stand down instead of asking once more and getting a 401.
 */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: meKey });
      await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
    },
  });
}

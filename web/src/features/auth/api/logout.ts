import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { LogoutResult } from '@/shared/api/types';

export function logout(): Promise<LogoutResult> {
  return api.post<LogoutResult>('/mobile_logout/');
}

/** After logout nothing cached belongs to the visitor any more: refetch it all (me first). */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => qc.invalidateQueries(),
  });
}

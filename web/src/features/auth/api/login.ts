import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { LoginRequest, LoginResult } from '@/shared/api/types';

export function login(body: LoginRequest): Promise<LoginResult> {
  return api.post<LoginResult>('/api/v1/auth/login/', body);
}

/**
 * Logging in merges the guest cart, so everything the session owns is refetched. Not awaited:
 * the caller navigates away at once, and the header catches up when `me` answers.
 */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => {
      void qc.invalidateQueries();
    },
  });
}

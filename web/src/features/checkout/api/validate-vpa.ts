import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { VpaCheck } from '../types';

/** POST /api/v1/payments/validate-vpa/ {vpa} — whether the UPI ID exists, and whose it is. */
export function validateVpa(vpa: string): Promise<VpaCheck> {
  return api.post<VpaCheck>('/api/v1/payments/validate-vpa/', { vpa });
}

export function useValidateVpa() {
  return useMutation({ mutationFn: validateVpa });
}

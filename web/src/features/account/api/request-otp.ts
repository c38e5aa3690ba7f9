import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { OtpRequest, OtpSent } from '@/shared/api/types';

/**
 * POST /api/v1/auth/otp/ — a one-time code by SMS to `mobile` (the shopper's own, to confirm deleting the
 * account), as features/auth asks for one at login; 429 when asked too often (the message says when).
 */
export function requestOtp(body: OtpRequest): Promise<OtpSent> {
  return api.post<OtpSent>('/api/v1/auth/otp/', body);
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { OtpRequest, OtpSent } from '@/shared/api/types';

export function requestOtp(body: OtpRequest): Promise<OtpSent> {
  return api.post<OtpSent>('/api/v1/auth/otp/', body);
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}

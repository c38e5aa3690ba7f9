import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { CodCodeSent, CodConfirmed } from '../types';

const orderPath = (orderId: string) => `/api/v1/orders/${encodeURIComponent(orderId)}`;

/** POST /api/v1/orders/{id}/confirm-cod/ {code} — 400 `wrong_code`, 409 `not_awaiting_code`. */
export function confirmCod(orderId: string, code: string): Promise<CodConfirmed> {
  return api.post<CodConfirmed>(`${orderPath(orderId)}/confirm-cod/`, { code });
}

/** POST /api/v1/orders/{id}/cod-code/ — sends a new code; 429 when asked too often. */
export function resendCodCode(orderId: string): Promise<CodCodeSent> {
  return api.post<CodCodeSent>(`${orderPath(orderId)}/cod-code/`);
}

export function useConfirmCod(orderId: string) {
  return useMutation({ mutationFn: (code: string) => confirmCod(orderId, code) });
}

export function useResendCodCode(orderId: string) {
  return useMutation({ mutationFn: () => resendCodCode(orderId) });
}

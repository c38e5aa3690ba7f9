import { api } from '@/shared/api/client';
import type { PaymentCallbackBody, PaymentConfirmed, PaymentFailureBody, PaymentStart } from '../types';

const orderPath = (orderId: string) => `/api/v1/orders/${encodeURIComponent(orderId)}`;

/** POST /api/v1/orders/{id}/payment/ — starts (or retries) paying online: the provider's order. 409 `retry_not_allowed`. */
export function startPayment(orderId: string): Promise<PaymentStart> {
  return api.post<PaymentStart>(`${orderPath(orderId)}/payment/`);
}

/** POST /api/v1/payments/razorpay/callback/ — the provider's success, checked by the shop (signature). */
export function confirmPayment(body: PaymentCallbackBody): Promise<PaymentConfirmed> {
  return api.post<PaymentConfirmed>('/api/v1/payments/razorpay/callback/', body);
}

/** POST /api/v1/payments/razorpay/failure/ — the provider's refusal, recorded. */
export function reportPaymentFailure(body: PaymentFailureBody): Promise<unknown> {
  return api.post<unknown>('/api/v1/payments/razorpay/failure/', body);
}

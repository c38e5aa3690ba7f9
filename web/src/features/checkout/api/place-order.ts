import { api } from '@/shared/api/client';
import type { PlaceOrderBody, PlacedOrder } from '../types';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * POST /api/v3/order/ — places the order. `key` is one value per checkout attempt (the same on a retry
 * after a network failure, so the server answers the first order instead of placing a second). 409
 * `cart_changed` / `sold_out`: nothing was placed; 400/422 name what is wrong.
 */
export function placeOrder(body: PlaceOrderBody, key: string): Promise<PlacedOrder> {
  return api.post<PlacedOrder>('/api/v3/order/', body, { headers: { [IDEMPOTENCY_HEADER]: key } });
}

import { useCallback, useRef, useState } from 'react';
import { isApiError } from '@/shared/api/client';
import { placeOrder } from './api/place-order';
import { newAttemptKey } from './attempt-key';
import type { PlaceOrderBody, PlacedOrder } from './types';

/**
 * Places the order once per press: a second press while the first is on its way does nothing. Each
 * attempt has its own Idempotency-Key; only a network failure (no answer, so the order may exist) keeps
 * it, and only for the same order body, so pressing again asks about that same attempt.
 */
export function usePlaceOrder() {
  const inFlight = useRef(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const [placing, setPlacing] = useState(false);

  const place = useCallback(async (body: PlaceOrderBody): Promise<PlacedOrder | null> => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setPlacing(true);
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.body !== fingerprint) attempt.current = { body: fingerprint, key: newAttemptKey() };
    try {
      const order = await placeOrder(body, attempt.current.key);
      attempt.current = null;
      return order;
    } catch (e) {
      if (!(isApiError(e) && e.status === 0)) attempt.current = null;
      throw e;
    } finally {
      inFlight.current = false;
      setPlacing(false);
    }
  }, []);

  return { place, placing };
}

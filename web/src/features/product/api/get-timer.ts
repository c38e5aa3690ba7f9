import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Timer, TimerResult } from '@/shared/api/types';

/** GET /web/api/v1/product/{slug}/timer/s/ — spec 001 §8: a failure means no timer. */
export async function getTimer(slug: string, signal?: AbortSignal): Promise<Timer | null> {
  try {
    const res = await api.get<TimerResult>(`/web/api/v1/product/${encodeURIComponent(slug)}/timer/s/`, { signal });
    return res?.timer ?? null;
  } catch (e) {
    console.warn('timer not loaded', e);
    return null;
  }
}

/** Asked for together with the product (see `ProductPageContent`); it never fails, a failure is no timer. */
export const timerQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug, 'timer'],
    queryFn: ({ signal }) => getTimer(slug, signal),
    staleTime: 60_000,
  });

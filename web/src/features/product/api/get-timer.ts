import { queryOptions, useQuery } from '@tanstack/react-query';
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

export function useTimer(slug: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ['product', slug, 'timer'],
      queryFn: ({ signal }) => getTimer(slug, signal),
      enabled,
      staleTime: 60_000,
    }),
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { FeaturedDesign } from '@/shared/api/types';
import { featuredMonthYear, type FeaturedPath } from '../featured';

/** GET /web/api/v1/featured/{category}/{month-year}/ — 404 when no design is set for that month. */
export function getFeatured(f: FeaturedPath, signal?: AbortSignal): Promise<FeaturedDesign> {
  return api.get<FeaturedDesign>(`/web/api/v1/featured/${encodeURIComponent(f.category)}/${featuredMonthYear(f)}/`, { signal });
}

export const featuredQueryOptions = (f: FeaturedPath) =>
  queryOptions({
    queryKey: ['featured', f.category, featuredMonthYear(f)],
    queryFn: ({ signal }) => getFeatured(f, signal),
    staleTime: 5 * 60_000,
  });

export function useFeatured(f: FeaturedPath) {
  return useQuery(featuredQueryOptions(f));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { Me } from './types';

/**
 * The visitor's session (`GET /api/v1/me/`) for features that only read it. Same key, fetcher and
 * freshness as features/auth's `meQueryOptions`, so both share one cache entry and one request.
 */
export function getSession(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/api/v1/me/', { signal });
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.me, queryFn: ({ signal }) => getSession(signal), staleTime: 60_000 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

export function isLoggedIn(me: Me | undefined): boolean {
  return Boolean(me?.is_authenticated && me.user);
}

/** Superusers and holders of the 'unused stock' permission see the full ratings (spec 001 §6). */
export function isPrivilegedUser(me: Me | undefined): boolean {
  return Boolean(me?.user && (me.user.is_superuser || me.user.can_see_unused_stock));
}

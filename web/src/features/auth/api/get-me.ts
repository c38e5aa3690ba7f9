import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Me } from '@/shared/api/types';

export const meKey = ['me'] as const;

export function getMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/api/v1/me/', { signal });
}

export const meQueryOptions = () => queryOptions({ queryKey: meKey, queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });

export function useMe() {
  return useQuery(meQueryOptions());
}

/** Superusers and holders of the 'unused stock' permission see raw stock and the full ratings. */
export function isPrivileged(me: Me | undefined): boolean {
  return Boolean(me?.user && (me.user.is_superuser || me.user.can_see_unused_stock));
}

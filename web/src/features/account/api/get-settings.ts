import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { AccountSettings } from '@/shared/api/types';

/** A shopper's settings in the cache; a save writes the answer here. */
export const settingsKey = (userId: number) => ['settings', userId] as const;

/** GET /api/v1/settings/ — name, e-mail, mobile and the three notification choices; 401 for guests. */
export function getSettings(signal?: AbortSignal): Promise<AccountSettings> {
  return api.get<AccountSettings>('/api/v1/settings/', { signal });
}

export const settingsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: settingsKey(userId), queryFn: ({ signal }) => getSettings(signal), staleTime: 0 });

/** Asked only for a logged-in shopper (`userId` null for guests). */
export function useSettings(userId: number | null) {
  return useQuery({ ...settingsQueryOptions(userId ?? 0), enabled: userId !== null });
}

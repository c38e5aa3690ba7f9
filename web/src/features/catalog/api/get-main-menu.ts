import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Category, MainMenu } from '@/shared/api/types';

export function getMainMenu(signal?: AbortSignal): Promise<MainMenu> {
  return api.get<MainMenu>('/api/v2/main-menu-msite/', { signal });
}

export const mainMenuQueryOptions = () =>
  queryOptions({
    queryKey: ['main-menu'],
    queryFn: ({ signal }) => getMainMenu(signal),
    staleTime: 10 * 60_000,
  });

export function useMainMenu() {
  return useQuery(mainMenuQueryOptions());
}

/** Depth-first search of the category tree. */
export function findCategory(categories: Category[], match: (c: Category) => boolean): Category | undefined {
  for (const c of categories) {
    if (match(c)) return c;
    const inner = findCategory(c.children ?? [], match);
    if (inner) return inner;
  }
  return undefined;
}

import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import { isLoggedIn } from '@/shared/api/session';
import type { Me } from '@/shared/api/types';

/**
 * A shopper's own data is not asked for once the session in the cache says guest (a logout refetches
 * `me` first, then every query on the page): the answer would only be a 401. The page then shows its
 * login panel, as for the server's 401.
 */
export function shopperOnly<T>(client: QueryClient, fetch: () => Promise<T>): Promise<T> {
  const me = client.getQueryData<Me>(queryKeys.me);
  if (me && !isLoggedIn(me)) return Promise.reject(new ApiError(401, 'login_required', 'Please log in.'));
  return fetch();
}

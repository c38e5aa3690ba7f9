import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { WishlistEntry, WishlistToggled } from '@/shared/api/types';

/** POST /api/v3/wishlist/ — toggles each entry; 401 login_required for guests. */
export function toggleWishlist(entry: WishlistEntry): Promise<WishlistToggled> {
  return api.post<WishlistToggled>('/api/v3/wishlist/', [entry]);
}

export function useToggleWishlist() {
  return useMutation({ mutationFn: toggleWishlist });
}

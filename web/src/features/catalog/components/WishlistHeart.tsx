import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, errorMessage, isApiError } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import type { ProductCard, WishlistToggled } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { useToast } from '@/shared/components/ui/toast-context';
import { recordEvent } from '@/shared/lib/events';

/**
 * The card's heart: saves the product to the wishlist without a size (sizes are chosen when it moves
 * to the bag), or takes that entry out. A guest is sent to log in and comes back to the listing.
 */
export function WishlistHeart({ product, saved: savedAtLoad }: { product: ProductCard; saved: boolean }) {
  const [saved, setSaved] = useState(savedAtLoad);
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useMutation({
    mutationFn: () =>
      api.post<WishlistToggled>('/api/v3/wishlist/', [
        { product: product.id, child_product: null, first_combo_size: null, second_combo_size: null, multi_combo_size: null },
      ]),
    onSuccess: (res) => {
      setSaved(res.in_wishlist);
      toast.success(res.in_wishlist ? 'Added to your wishlist' : 'Removed from your wishlist');
      void recordEvent({
        event_name: res.in_wishlist ? 'added_to_wishlist' : 'removed_from_wishlist',
        product_id: product.id,
        source: 'listing',
        cart_updated: false,
      });
      // the header's count, the wishlist page and every listing's hearts
      void client.invalidateQueries({ queryKey: queryKeys.me });
      void client.invalidateQueries({ queryKey: ['wishlist'] });
      void client.invalidateQueries({ queryKey: ['listing'] });
    },
    onError: (e) => {
      if (isApiError(e) && e.status === 401) {
        navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
      } else {
        toast.error(errorMessage(e));
      }
    },
  });
  return (
    <button
      type="button"
      className={`card__heart${saved ? ' card__heart--saved' : ''}`}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${product.name} from wishlist` : `Save ${product.name} to wishlist`}
      onClick={() => !toggle.isPending && toggle.mutate()}
      data-testid="card-heart"
    >
      <Icon name="heart" size={20} fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}

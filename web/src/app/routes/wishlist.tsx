import { useQueryClient } from '@tanstack/react-query';
import { cartQuantityKey } from '@/features/cart/api/get-cart-quantity';
import { WishlistPage } from '@/features/wishlist/components/WishlistPage';
import type { CartQuantity } from '@/shared/api/types';

/** /wishlist/: a lazy chunk; moving an item to the cart updates the header's cart count (features/cart). */
export function WishlistRoute() {
  const queryClient = useQueryClient();
  return (
    <WishlistPage
      onCartChanged={(quantity) => {
        queryClient.setQueryData<CartQuantity>(cartQuantityKey, { cart_quantity: quantity });
        void queryClient.invalidateQueries({ queryKey: cartQuantityKey });
      }}
    />
  );
}

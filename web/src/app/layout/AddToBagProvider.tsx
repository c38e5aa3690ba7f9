import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { meKey } from '@/features/auth/api/get-me';
import { cartQuantityKey } from '@/features/cart/api/get-cart-quantity';
import type { CartQuantity, ProductCard } from '@/shared/api/types';
import { AddToBagContext } from '@/shared/components/AddToBag';

// The popup is the product feature's; it loads on the first press of a card's 'Add to bag'.
const QuickAdd = lazy(() => import('@/features/product/components/QuickAdd'));

/** An item went into the cart: the header's count shows the server's new quantity, then refreshes. */
export function useCartChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    (quantity: number) => {
      queryClient.setQueryData<CartQuantity>(cartQuantityKey, { cart_quantity: quantity });
      void queryClient.invalidateQueries({ queryKey: cartQuantityKey });
      void queryClient.invalidateQueries({ queryKey: meKey });
    },
    [queryClient],
  );
}

/**
 * Gives the listing and rail cards inside it their 'Add to bag' button (shared/components/AddToBag),
 * and shows the product feature's size popup for the card pressed.
 */
export function AddToBagProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<ProductCard | null>(null);
  const onCartChanged = useCartChanged();
  const close = useCallback(() => setTarget(null), []);
  return (
    <AddToBagContext.Provider value={setTarget}>
      {children}
      {target ? (
        <Suspense fallback={null}>
          <QuickAdd key={target.id} product={target} onClose={close} onCartChanged={onCartChanged} />
        </Suspense>
      ) : null}
    </AddToBagContext.Provider>
  );
}

import { useState } from 'react';
import { errorMessage, isApiError } from '@/shared/api/client';
import type { Cart } from '@/shared/api/types';
import { LoginPrompt } from '@/shared/components/LoginPrompt';
import { Icon } from '@/shared/components/ui/Icon';
import { useToast } from '@/shared/components/ui/toast-context';
import { deleteOutOfStock, useCartMutation } from '../api/cart-mutations';
import { outOfStockLines, outOfStockProductIds } from '../cart';

/**
 * 'Some items are out of stock' with two one-step actions: move them to the wishlist (shoppers only:
 * guests are asked to log in first) or remove them. A failure shows the server's answer (spec 000 §8).
 */
export function OutOfStockBanner({ cart, cartId, loggedIn }: { cart: Cart; cartId: number; loggedIn: boolean | undefined }) {
  const toast = useToast();
  const [message, setMessage] = useState<string | null>(null);
  const [askLogin, setAskLogin] = useState(false);
  const clear = useCartMutation(cartId, ({ ids, toWishlist }: { ids: number[]; toWishlist: boolean }) =>
    deleteOutOfStock(cartId, ids, toWishlist),
  );
  const lines = outOfStockLines(cart);
  if (lines.length === 0) return null;
  const count = lines.length;

  const run = async (toWishlist: boolean) => {
    if (toWishlist && loggedIn === false) {
      setAskLogin(true);
      return;
    }
    setMessage(null);
    try {
      await clear.mutateAsync({ ids: outOfStockProductIds(cart), toWishlist });
      toast.success(toWishlist ? 'Moved to your wishlist' : 'Out-of-stock items removed');
    } catch (e) {
      if (isApiError(e) && e.status === 401) setAskLogin(true);
      else setMessage(errorMessage(e));
    }
  };

  return (
    <section className="cart-oos" role="region" aria-labelledby="oos-title" data-testid="oos-banner">
      <div className="cart-oos__head">
        <Icon name="bell" size={20} />
        <div>
          <h2 className="cart-oos__title" id="oos-title">
            Some items are out of stock
          </h2>
          <p className="cart-oos__text">
            {count === 1 ? '1 item is' : `${count} items are`} no longer available in your size and won’t be charged.
          </p>
        </div>
      </div>
      <div className="cart-oos__actions">
        <button type="button" className="button button--secondary" onClick={() => void run(true)} disabled={clear.isPending}>
          <Icon name="heart" size={18} /> Move to wishlist
        </button>
        <button type="button" className="button cart-oos__remove" onClick={() => void run(false)} disabled={clear.isPending}>
          Remove
        </button>
      </div>
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
      {askLogin ? (
        <LoginPrompt
          next="/view-cart/"
          reason="Log in to move these items to your wishlist. Your cart stays as it is."
          onClose={() => setAskLogin(false)}
        />
      ) : null}
    </section>
  );
}

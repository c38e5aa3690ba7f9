import { useQueryClient } from '@tanstack/react-query';
import { AddressFormModal } from '@/features/addresses/components/AddressForm';
import '@/features/addresses/components/addresses.css';
import { meKey } from '@/features/auth/api/get-me';
import { cartQuantityKey } from '@/features/cart/api/get-cart-quantity';
import { cartKeys } from '@/features/cart/api/keys';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import type { CartQuantity } from '@/shared/api/types';

/**
 * /checkout/: a lazy chunk of its own. Composes the address book's form (features/addresses) into the
 * address step, and empties the cart's caches (features/cart, the header's count, `me`) once an order
 * is placed.
 */
export function CheckoutRoute() {
  const queryClient = useQueryClient();
  return (
    <CheckoutPage
      renderAddressForm={({ bookSize, onClose }) => <AddressFormModal editing={null} bookSize={bookSize} onClose={onClose} />}
      onOrderPlaced={() => {
        queryClient.setQueryData<CartQuantity>(cartQuantityKey, { cart_quantity: 0 });
        void queryClient.invalidateQueries({ queryKey: cartQuantityKey });
        void queryClient.invalidateQueries({ queryKey: cartKeys.info });
        // every cart page answer (['cart', id])
        void queryClient.invalidateQueries({ queryKey: ['cart'] });
        void queryClient.invalidateQueries({ queryKey: meKey });
      }}
    />
  );
}

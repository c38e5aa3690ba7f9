import { CartPage } from '@/features/cart/components/CartPage';

/** /view-cart/ (screen id view_cart_msite): a lazy chunk of its own. */
export function CartRoute() {
  return <CartPage />;
}

import { Link } from 'react-router';
import { Icon } from '@/shared/components/ui/Icon';

/** The empty-cart panel (spec 000 §9: at least 100px tall). */
export function EmptyCart({ loggedIn }: { loggedIn: boolean }) {
  return (
    <section className="empty-panel cart-empty" data-testid="cart-empty" aria-labelledby="cart-empty-title">
      <span className="empty-panel__icon cart-empty__icon" aria-hidden="true">
        <Icon name="bag" size={30} />
      </span>
      <h1 className="empty-panel__title" id="cart-empty-title">
        Your cart is empty
      </h1>
      <p className="empty-panel__text">Nothing here yet. Let’s find something you’ll love.</p>
      <Link to="/" className="button button--primary">
        Continue shopping
      </Link>
      {loggedIn ? (
        <Link to="/wishlist/" className="link-button">
          See your wishlist
        </Link>
      ) : null}
    </section>
  );
}

import { Link } from 'react-router';
import { Icon } from '@/shared/components/ui/Icon';
import './cart-notes.css';

export const CART_NOTES_TITLE = 'Some items from before you logged in are not in your cart';

/**
 * The login's cart notes, at the top of the page the shopper lands on (the cart page's top when they
 * return there): a panel that stays until dismissed, unlike a toast (5 s, spec 000 §9).
 */
export function CartNotes({ notes, onDismiss, cartLink }: { notes: string[]; onDismiss: () => void; cartLink: boolean }) {
  if (notes.length === 0) return null;
  return (
    <div className="cart-notes" role="alert" aria-labelledby="cart-notes-title" data-testid="cart-notes">
      <Icon name="bag" size={20} />
      <div className="cart-notes__body">
        <p className="cart-notes__title" id="cart-notes-title">
          {CART_NOTES_TITLE}
        </p>
        <ul className="cart-notes__list">
          {notes.map((note, i) => (
            <li key={i}>{note}</li>
          ))}
        </ul>
        {cartLink ? (
          <Link to="/view-cart/" className="cart-notes__link">
            View cart
          </Link>
        ) : null}
      </div>
      <button type="button" className="cart-notes__close" aria-label="Dismiss this notice" onClick={onDismiss}>
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}

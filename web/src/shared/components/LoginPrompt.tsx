import { Link } from 'react-router';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';

/**
 * Guests are asked to log in (the cart's "Move to wishlist", the product page's heart), and come
 * back to `next` afterwards. The product page loads it lazily
 * through features/product/components/LoginPrompt.lazy.tsx.
 */
export function LoginPrompt({ next, onClose, reason }: { next: string; onClose: () => void; reason: string }) {
  return (
    <Modal open title="Please log in" onClose={onClose} id="login-prompt">
      <div className="prompt" data-testid="login-prompt">
        <span className="prompt__icon" aria-hidden="true">
          <Icon name="heart" size={26} />
        </span>
        <p>{reason}</p>
        <Link to={`/login?next=${encodeURIComponent(next)}`} className="button button--primary button--wide">
          Log in
        </Link>
        <button type="button" className="link-button" onClick={onClose}>
          Not now
        </button>
      </div>
    </Modal>
  );
}

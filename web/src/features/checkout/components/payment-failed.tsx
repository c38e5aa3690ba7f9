import { Link } from 'react-router';
import { Icon } from '@/shared/components/ui/Icon';
import { ORDERS_PATH, retryPath } from '../paths';

/** The provider's refusal in its own words, and the way to try again (the order is kept for a while). */
export function PaymentFailed({ orderId, orderRef, message }: { orderId: string; orderRef?: string; message: string }) {
  return (
    <section className="co-card co-failed" role="alert" data-testid="payment-failed">
      <span className="co-failed__icon" aria-hidden="true">
        <Icon name="close" size={24} />
      </span>
      <h2 className="co-failed__title">Payment not completed</h2>
      <p className="co-failed__message">{message}</p>
      <p className="co-failed__text">
        {orderRef ? `Your order ${orderRef} is saved for a while. ` : 'Your order is saved for a while. '}You can try paying for it again.
      </p>
      <Link to={retryPath(orderId)} className="button button--primary button--wide">
        Retry payment
      </Link>
      <Link to={ORDERS_PATH} className="link-button">
        View orders
      </Link>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AccountPage, AccountPageLoading } from '@/shared/components/AccountPage';
import { Icon } from '@/shared/components/ui/Icon';
import { sizedImage, useImageQuality } from '@/shared/lib/images';
import { pushPurchaseOnce } from '../analytics';
import { useCheckoutComplete } from '../api/get-checkout-complete';
import { checkoutKeys } from '../api/keys';
import { ORDERS_PATH } from '../paths';
import { paymentModeLabel } from '../payment';
import type { CheckoutComplete } from '../types';
import { CodConfirm } from './cod-confirm';
import './checkout.css';

/** Spec 000 §4: a cash on delivery order waiting for its code. */
export const PENDING_CONFIRMATION = 'Pending confirmation';

/**
 * The thank-you page (/checkout/complete/?order_id=…): the order as the shop recorded it (spec 000 §3's
 * checkout-complete data, from POST /get-checkout-complete-data/). A cash on delivery order still
 * waiting for its code asks for it here. Spec 000 §8: a failure is only logged; the page then thanks
 * plainly and links to the orders.
 */
export function ThankYouPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id')?.trim() || null;
  const complete = useCheckoutComplete(orderId);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (complete.isError) console.error('checkout-complete data not loaded', complete.error);
  }, [complete.isError, complete.error]);
  // The data layer's purchase event, once per order in this browser, once the order is placed (a
  // cash on delivery order waiting for its code is not yet).
  const placed = complete.data && !isPendingConfirmation(complete.data) ? complete.data : null;
  useEffect(() => {
    if (placed) pushPurchaseOnce(placed);
  }, [placed]);

  if (orderId === null) return <PlainThanks />;
  if (complete.isPending) {
    return (
      <Shell>
        <AccountPageLoading className="co-loading" label="Loading your order" />
      </Shell>
    );
  }
  if (!complete.data) return <PlainThanks />;

  const order = complete.data;
  if (isPendingConfirmation(order)) {
    return (
      <Shell>
        <CodConfirm
          orderId={orderId}
          orderRef={order.order_ref}
          onConfirmed={() => void queryClient.invalidateQueries({ queryKey: checkoutKeys.complete(orderId) })}
        />
        <OrderDetails order={order} />
      </Shell>
    );
  }
  return (
    <Shell>
      <Placed orderRef={order.order_ref} />
      <OrderDetails order={order} />
      <Actions />
    </Shell>
  );
}

function isPendingConfirmation(order: CheckoutComplete): boolean {
  return order.status.toLowerCase() === PENDING_CONFIRMATION.toLowerCase();
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <AccountPage title="Order placed" className="co-page co-done" testId="thank-you-page">
      {children}
    </AccountPage>
  );
}

function Placed({ orderRef }: { orderRef?: string }) {
  return (
    <header className="co-done__head" data-testid="order-placed">
      <span className="co-done__mark" aria-hidden="true">
        <Icon name="check" size={34} />
      </span>
      <h1 className="co-done__title">Thank you! Your order is placed</h1>
      {orderRef ? (
        <p className="co-done__ref">
          Order number <strong data-testid="order-ref">{orderRef}</strong>
        </p>
      ) : null}
    </header>
  );
}

function OrderDetails({ order }: { order: CheckoutComplete }) {
  const place = [order.city, order.state].filter(Boolean).join(', ');
  const quality = useImageQuality();
  return (
    <div className="co-done__details">
      {order.delivery_date_ui ? (
        <p className="co-delivery co-delivery--ok" data-testid="delivery-date">
          <Icon name="truck" size={18} />
          <span>
            Arriving by <strong>{order.delivery_date_ui}</strong>
          </span>
        </p>
      ) : null}
      <section className="co-card" aria-labelledby="co-ship-title">
        <h2 className="co-card__title" id="co-ship-title">
          Shipping to
        </h2>
        <address className="co-address__lines" data-testid="ship-to">
          <span>{order.ship_street1}</span>
          {order.ship_street2 ? <span>{order.ship_street2}</span> : null}
          <span>
            {place} {order.ship_postal_code}
          </span>
        </address>
      </section>
      <section className="co-card" aria-labelledby="co-bought-title">
        <h2 className="co-card__title" id="co-bought-title">
          {order.cart_items_count} {order.cart_items_count === 1 ? 'item' : 'items'}
        </h2>
        <ul className="co-items__list">
          {order.cartdetails.map((item, i) => (
            <li key={`${item.sku}-${item.size}-${i}`} className="co-item" data-testid="bought-item">
              {item.img ? (
                <img className="co-item__img" src={sizedImage(item.img, 56, quality)} alt="" width={56} height={75} loading="lazy" />
              ) : null}
              <div className="co-item__text">
                <p className="co-item__name">{item.name}</p>
                <p className="co-item__meta">
                  {item.size ? `Size ${item.size} · ` : null}Qty {item.quantity}
                </p>
              </div>
              <p className="co-item__price">{item.price_ui}</p>
            </li>
          ))}
        </ul>
        <dl className="co-breakup__rows co-done__paid">
          <div className="co-breakup__row co-breakup__row--total">
            <dt>Order total</dt>
            <dd data-testid="order-total">{order.total_value_ui}</dd>
          </div>
          <div className="co-breakup__row">
            <dt>Payment</dt>
            <dd data-testid="payment-mode">{paymentModeLabel(order.payment_mode)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

function Actions() {
  return (
    <div className="co-done__actions">
      <Link to="/" className="button button--primary button--wide">
        Continue shopping
      </Link>
      <Link to={ORDERS_PATH} className="button button--secondary button--wide">
        View orders
      </Link>
    </div>
  );
}

/** No order data (no id, or the call failed): thanks all the same, and the way to the orders. */
function PlainThanks() {
  return (
    <Shell>
      <header className="co-done__head" data-testid="plain-thanks">
        <span className="co-done__mark" aria-hidden="true">
          <Icon name="check" size={34} />
        </span>
        <h1 className="co-done__title">Thank you!</h1>
        <p className="co-done__ref">Your order details are in your orders.</p>
      </header>
      <Actions />
    </Shell>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import { isLoggedIn, useSession } from '@/shared/api/session';
import type { Cart } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { recordEvent } from '@/shared/lib/events';
import { useCart } from '../api/get-cart';
import { useViewCartInfo } from '../api/get-view-cart-info';
import { isEmptyCart } from '../cart';
import { CartLineItem } from './CartLineItem';
import { CouponBox } from './CouponBox';
import { EmptyCart } from './EmptyCart';
import { Gifts } from './Gifts';
import { GiftWrap } from './GiftWrap';
import { LastMinuteDeals } from './LastMinuteDeals';
import { OffersModal } from './OffersModal';
import { OutOfStockBanner } from './OutOfStockBanner';
import { PriceSummary } from './PriceSummary';
import { ReferralCode } from './ReferralCode';
import { UpgradeOffers } from './UpgradeOffers';
import './cart.css';

/**
 * The cart page (/view-cart/, screen id view_cart_msite; spec 000 §7): the visitor's cart id first,
 * then the whole cart. Every change answers the whole cart, which replaces the cached one.
 */
export function CartPage() {
  const session = useSession();
  const info = useViewCartInfo();
  const loggedIn = session.data ? isLoggedIn(session.data) : undefined;

  if (info.isPending) return <CartSkeleton />;
  if (info.isError) return <CartLoadError message={errorMessage(info.error)} onRetry={() => void info.refetch()} />;
  if (info.data.cart_id === null)
    return (
      <CartShell>
        <EmptyCart loggedIn={loggedIn === true} />
      </CartShell>
    );
  return <CartView cartId={info.data.cart_id} loggedIn={loggedIn} />;
}

function CartShell({ children }: { children: ReactNode }) {
  return (
    <div className="cart-page" data-testid="cart-page">
      <title>Your cart · Drape</title>
      {children}
    </div>
  );
}

function CartView({ cartId, loggedIn }: { cartId: number; loggedIn: boolean | undefined }) {
  const cart = useCart(cartId);
  const [offersOpen, setOffersOpen] = useState(false);

  // cart_viewed, once per visit (spec 000 §7); failures are only logged (§8)
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    void recordEvent({ event_name: 'cart_viewed', cart_id: cartId, source: 'cart', cart_updated: false });
  }, [cartId]);

  // view cart_item_N, one per line shown, in order, once per visit (spec 000 §7, §9)
  const sequenced = useRef(false);
  const lineProducts = cart.data?.cart_items.map((l) => l.product_detail.id);
  useEffect(() => {
    if (sequenced.current || !lineProducts || lineProducts.length === 0) return;
    sequenced.current = true;
    lineProducts.forEach((productId, i) => {
      void recordEvent({
        event_name: `view cart_item_${i + 1}`,
        product_id: productId,
        cart_id: cartId,
        source: 'cart',
        cart_updated: false,
      });
    });
  }, [lineProducts, cartId]);

  if (cart.isPending) return <CartSkeleton />;
  if (cart.isError) {
    // a cart that is gone (it was merged at login, or emptied elsewhere) is an empty cart
    if (isApiError(cart.error) && cart.error.isNotFound) {
      return (
        <CartShell>
          <EmptyCart loggedIn={loggedIn === true} />
        </CartShell>
      );
    }
    return <CartLoadError message={errorMessage(cart.error)} onRetry={() => void cart.refetch()} />;
  }
  const data = cart.data;
  if (isEmptyCart(data))
    return (
      <CartShell>
        <EmptyCart loggedIn={loggedIn === true} />
      </CartShell>
    );

  return (
    <CartShell>
      <CartContents cart={data} cartId={cartId} loggedIn={loggedIn} onViewOffers={() => setOffersOpen(true)} />
      {offersOpen ? <OffersModal cartId={cartId} applied={data.cart_attr.coupon_code} onClose={() => setOffersOpen(false)} /> : null}
    </CartShell>
  );
}

function CartContents({
  cart,
  cartId,
  loggedIn,
  onViewOffers,
}: {
  cart: Cart;
  cartId: number;
  loggedIn: boolean | undefined;
  onViewOffers: () => void;
}) {
  const attr = cart.cart_attr;
  const pieces = attr.pieces;
  const nudges = [...cart.remaining_offers.result.map((o) => o.message), cart.upgrade_offer_values.offer_upgrade_message].filter(
    (m) => m.trim() !== '',
  );

  return (
    <>
      <header className="cart-head">
        <h1 className="cart-head__title">Your cart</h1>
        <p className="cart-head__count">
          {pieces} {pieces === 1 ? 'item' : 'items'}
        </p>
      </header>

      <div className="cart-layout">
        <div className="cart-layout__main">
          {cart.shipping_info.title_text ? (
            <p className={`cart-ship${attr.shipping > 0 ? '' : ' cart-ship--free'}`} data-testid="shipping-line">
              <Icon name="truck" size={18} /> {cart.shipping_info.title_text}
            </p>
          ) : null}
          {nudges.length > 0 ? (
            <ul className="cart-nudges" data-testid="nudges">
              {nudges.map((m) => (
                <li key={m} className="cart-nudge">
                  <Icon name="tag" size={16} /> {m}
                </li>
              ))}
            </ul>
          ) : null}

          <OutOfStockBanner cart={cart} cartId={cartId} loggedIn={loggedIn} />

          <section aria-label="Items in your cart">
            <ul className="cart-lines">
              {cart.cart_items.map((line) => (
                <CartLineItem key={line.id} line={line} cartId={cartId} />
              ))}
            </ul>
          </section>

          <Gifts gifts={cart.cart_paid_gift_details} attr={attr} cartId={cartId} />
          <LastMinuteDeals cartId={cartId} />
        </div>

        <aside className="cart-layout__side" aria-label="Order summary">
          <CouponBox attr={attr} cartId={cartId} onViewOffers={onViewOffers} />
          <UpgradeOffers values={cart.upgrade_offer_values} attr={attr} cartId={cartId} />
          <ReferralCode attr={attr} cartId={cartId} />
          <GiftWrap attr={attr} cartId={cartId} />
          <PriceSummary attr={attr} gifts={cart.cart_paid_gift_details} />
          <ul className="cart-trust">
            <li>
              <Icon name="box" size={18} /> Discreet packaging
            </li>
            <li>
              <Icon name="wallet" size={18} /> Cash on delivery
            </li>
            <li>
              <Icon name="refresh" size={18} /> 35-day returns
            </li>
          </ul>
        </aside>
      </div>

      <div className="cart-bar" data-testid="checkout-bar">
        <div className="cart-bar__total">
          <span className="cart-bar__amount" data-testid="cart-total">
            {attr.total_ui}
          </span>
          <a href="#price-details" className="cart-bar__details">
            View price details
          </a>
        </div>
        {/* guests are asked to log in by checkout itself, and come back to it */}
        <Link to="/checkout/" className="button button--primary cart-bar__button" data-testid="checkout-link">
          <Icon name="lock" size={18} />
          Checkout
        </Link>
      </div>
    </>
  );
}

function CartSkeleton() {
  return (
    <div className="cart-page" aria-busy="true" data-testid="cart-loading">
      <title>Your cart · Drape</title>
      <div className="skeleton skeleton--title" style={{ width: '45%' }} />
      {[0, 1].map((i) => (
        <div key={i} className="cart-line cart-line--skeleton">
          <div className="skeleton" style={{ width: 84, height: 112 }} />
          <div style={{ flex: 1 }}>
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      ))}
      <span className="visually-hidden" role="status">
        Loading your cart
      </span>
    </div>
  );
}

function CartLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="cart-page">
      <title>Your cart · Drape</title>
      <div className="state-panel" role="alert">
        <p>We couldn’t load your cart. {message}</p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}

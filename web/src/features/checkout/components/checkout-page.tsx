import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import { isLoggedIn, useSession } from '@/shared/api/session';
import type { AddressBook } from '@/shared/api/types';
import { AccountPage, AccountPageLoading } from '@/shared/components/AccountPage';
import { Icon } from '@/shared/components/ui/Icon';
import { FullPageSpinner, Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { useAddressBook } from '../api/get-address-book';
import { useCheckout } from '../api/get-checkout';
import { useSavedCards } from '../api/get-saved-cards';
import { checkoutKeys } from '../api/keys';
import { CHECKOUT_LOGIN, completePath, retryPath } from '../paths';
import { checkoutTabs, choiceReady, methodFields, rememberPaymentKey, TAB_MODES, type PaymentChoice } from '../payment';
import type { Checkout, CheckoutQuery, PaymentMode, PlacedOrder, SavedCard } from '../types';
import { payWaitLabel, usePay } from '../use-pay';
import { usePaymentChoice } from '../use-payment-choice';
import { usePlaceOrder } from '../use-place-order';
import { AddressStep } from './address-step';
import { CodConfirm } from './cod-confirm';
import { EMAIL_REQUIRED, EmailNeeded } from './email-needed';
import { ItemsSummary } from './items-summary';
import { PayBar } from './pay-bar';
import { PaymentFailed } from './payment-failed';
import { PaymentMethods } from './payment-methods';
import { PriceBreakup } from './price-breakup';
import { SandboxHint } from './sandbox-hint';
import { WalletToggle } from './wallet-toggle';
import './checkout.css';

export type CheckoutPageProps = {
  /** The address book's add form (features/addresses), composed by the app; `onClose` after a save or a cancel. */
  renderAddressForm: (props: { bookSize: number; onClose: () => void }) => ReactNode;
  /** An order was placed: the cart is spent (the header's count, the cart page). */
  onOrderPlaced: () => void;
};

/**
 * Checkout (/checkout/), for logged-in shoppers: the delivery address and what the shop promises for it,
 * the items, the wallet, the payment method, the price breakup, and one Pay button that places the
 * order (once) and then pays it, confirms cash on delivery, or goes straight to the thank-you page.
 */
export function CheckoutPage(props: CheckoutPageProps) {
  const session = useSession();
  const me = session.data;
  const userId = me && isLoggedIn(me) && me.user ? me.user.id : null;
  if (session.isPending) return <CheckoutLoading />;
  if (userId === null) return <Navigate to={CHECKOUT_LOGIN} replace />;
  return <CheckoutFlow userId={userId} {...props} />;
}

type Stage = { kind: 'checkout' } | { kind: 'done' } | { kind: 'paying'; order: PlacedOrder } | { kind: 'cod'; order: PlacedOrder };

function CheckoutFlow({ userId, renderAddressForm, onOrderPlaced }: CheckoutPageProps & { userId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [walletOn, setWalletOn] = useState(false);
  const [adding, setAdding] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'checkout' });
  // The shop's word when paying online needs the shopper's e-mail address (PayU), kept on the page.
  const [emailNeeded, setEmailNeeded] = useState<string | null>(null);
  const { choice, update, toggle, close } = usePaymentChoice();
  const shopping = stage.kind === 'checkout';

  const query: CheckoutQuery = {
    address_id: addressId ?? undefined,
    payment_mode: choice.open === 'cod' ? 'COD' : undefined,
    use_wallet: walletOn ? '1' : undefined,
  };
  const checkout = useCheckout(userId, query, shopping);
  const book = useAddressBook(shopping);
  const saved = useSavedCards(userId);
  const { place, placing } = usePlaceOrder();
  const onPaid = useCallback((orderId: string) => navigate(completePath(orderId), { replace: true }), [navigate]);
  const payment = usePay(onPaid);
  /** the book's ids when the add form opened: the one new after it closes is chosen */
  const knownIds = useRef<Set<number> | null>(null);

  const paymentKey = checkout.data?.payment.key;
  useEffect(() => {
    if (paymentKey) rememberPaymentKey(paymentKey);
  }, [paymentKey]);

  // Placed: this cart's checkout answers are spent (Back must not show them again).
  useEffect(() => {
    if (!shopping) queryClient.removeQueries({ queryKey: checkoutKeys.all });
  }, [shopping, queryClient]);

  if (stage.kind === 'done') return <FullPageSpinner label="Opening your order" />;
  if (stage.kind === 'cod') {
    return (
      <Shell>
        <h1 className="visually-hidden">Checkout</h1>
        <CodConfirm
          orderId={stage.order.order_id}
          orderRef={stage.order.order_ref}
          onConfirmed={() => navigate(completePath(stage.order.order_id), { replace: true })}
        />
      </Shell>
    );
  }
  if (stage.kind === 'paying') {
    const { order } = stage;
    const waitLabel = payWaitLabel(payment.stage);
    return (
      <Shell>
        <h1 className="visually-hidden">Checkout</h1>
        {payment.failure ? (
          <PaymentFailed orderId={order.order_id} orderRef={order.order_ref} message={payment.failure.message} />
        ) : (
          <section className="co-card co-waiting" data-testid="payment-waiting">
            <Spinner label="Waiting for your payment" />
            <h2 className="co-waiting__title">Complete your payment</h2>
            <p>
              Order {order.order_ref} is placed and waiting for your payment of {order.to_pay_ui}. Follow the steps on the payment page and
              keep this window open.
            </p>
            <Link to={retryPath(order.order_id)} className="link-button">
              Having trouble? Retry payment
            </Link>
          </section>
        )}
        {waitLabel ? <FullPageSpinner label={waitLabel} /> : null}
      </Shell>
    );
  }

  const error = checkout.error;
  if (isApiError(error) && error.status === 401) return <Navigate to={CHECKOUT_LOGIN} replace />;
  if (isApiError(error) && error.code === 'empty_cart') return <EmptyCheckout />;
  if (checkout.isPending) return <CheckoutLoading />;
  if (!checkout.data) {
    return (
      <Shell>
        <div className="state-panel" role="alert" data-testid="checkout-error">
          <p>We couldn’t load your checkout. {errorMessage(error)}</p>
          <button type="button" className="button button--primary" onClick={() => void checkout.refetch()} disabled={checkout.isFetching}>
            Try again
          </button>
        </div>
      </Shell>
    );
  }

  const data = checkout.data;
  const cards = saved.data?.cards ?? [];
  const b = data.breakup;
  const walletCovers = walletOn && b.wallet_used > 0 && b.to_pay === 0;
  const blocked = blockedReason(data, choice, cards, { walletCovers, updating: checkout.isFetching });
  const cod = !walletCovers && choice.open === 'cod';

  const onPay = async () => {
    if (blocked || !data.address) return;
    const mode: PaymentMode = walletCovers ? 'WALLET' : TAB_MODES[choice.open ?? 'upi'];
    const fields = mode === 'WALLET' || mode === 'COD' ? null : methodFields(choice);
    let order: PlacedOrder | null;
    try {
      order = await place({ address_id: data.address.id, payment_mode: mode, use_wallet: walletOn, expected_to_pay: b.to_pay });
    } catch (e) {
      if (isApiError(e) && e.status === 401) {
        navigate(CHECKOUT_LOGIN, { replace: true });
      } else if (isApiError(e) && e.code === EMAIL_REQUIRED) {
        setEmailNeeded(e.message);
      } else if (isApiError(e) && e.status === 409) {
        // the cart changed or sold out: nothing was placed; show the new truth
        toast.warning(e.message);
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
      } else {
        toast.error(errorMessage(e));
        // a refusal (cash on delivery no longer offered, an address it cannot reach…): show where things stand
        if (isApiError(e) && e.status >= 400 && e.status < 500) void queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
      }
      return;
    }
    if (!order) return;
    onOrderPlaced();
    if (order.next === 'confirm_cod') {
      setStage({ kind: 'cod', order });
    } else if (order.next === 'pay' && fields) {
      setStage({ kind: 'paying', order });
      void payment.pay(order.order_id, fields);
    } else if (order.next === 'pay') {
      navigate(retryPath(order.order_id), { replace: true });
    } else {
      setStage({ kind: 'done' });
      navigate(completePath(order.order_id), { replace: true });
    }
  };

  const bookList = book.data?.addresses ?? [];
  const openAddForm = () => {
    knownIds.current = book.data ? new Set(bookList.map((a) => a.id)) : null;
    setAdding(true);
  };
  const pickAddress = (id: number) => {
    setAddressId(id);
    // cash on delivery is decided per address: choose again
    if (choice.open === 'cod') close();
  };
  const closeAddForm = () => {
    setAdding(false);
    const known = knownIds.current;
    const latest = queryClient.getQueryData<AddressBook>(checkoutKeys.addressBook);
    const fresh = known && latest?.addresses.find((a) => !known.has(a.id));
    if (fresh) pickAddress(fresh.id);
  };

  return (
    <Shell>
      <header className="co-head">
        <h1 className="co-head__title">Checkout</h1>
        <p className="co-head__secure">
          <Icon name="lock" size={15} />
          Secure checkout
        </p>
      </header>
      <div className="co-layout">
        <div className="co-layout__main">
          <AddressStep
            address={data.address}
            delivery={data.delivery}
            book={bookList}
            bookLoading={book.isPending}
            onPick={pickAddress}
            onAdd={openAddForm}
          />
          <ItemsSummary items={data.items} pieces={data.pieces} />
          {data.wallet.balance > 0 ? (
            <WalletToggle
              balanceUi={data.wallet.balance_ui}
              on={walletOn}
              usedUi={b.wallet_used_ui}
              covers={walletCovers}
              disabled={placing}
              onChange={(on) => {
                setWalletOn(on);
                if (on && choice.open === 'cod') close();
              }}
            />
          ) : null}
          {emailNeeded && !cod && !walletCovers ? <EmailNeeded message={emailNeeded} /> : null}
          {walletCovers ? null : (
            <PaymentMethods
              tabs={checkoutTabs(data.payment.paymentSDK)}
              choice={choice}
              update={update}
              toggle={toggle}
              savedCards={cards}
              cod={data.cod}
            />
          )}
          <SandboxHint paymentKey={data.payment.key} />
        </div>
        <aside className="co-layout__side">
          <PriceBreakup breakup={b} cod={cod} coupon={data.coupon_code} pieces={data.pieces} />
        </aside>
      </div>
      <PayBar
        amountUi={b.to_pay_ui}
        label={walletCovers || cod ? 'Place order' : `Pay ${b.to_pay_ui}`}
        blocked={blocked}
        busy={placing}
        onPay={() => void onPay()}
      />
      {adding ? renderAddressForm({ bookSize: bookList.length, onClose: closeAddForm }) : null}
      {placing ? <FullPageSpinner label="Placing your order" /> : null}
    </Shell>
  );
}

/** Why the Pay button sleeps, in the shopper's words; null when it may be pressed. */
export function blockedReason(
  data: Checkout,
  choice: PaymentChoice,
  cards: SavedCard[],
  { walletCovers, updating }: { walletCovers: boolean; updating: boolean },
): string | null {
  if (!data.address) return 'Add a delivery address to continue';
  if (!data.delivery.deliverable) return 'We can’t deliver to this address yet; choose another';
  if (updating) return 'Updating your total…';
  if (walletCovers) return null;
  if (choice.open === null) return 'Choose how you would like to pay';
  if (choice.open === 'cod' && !data.cod.allowed) return data.cod.reason || 'Cash on delivery is not available for this order';
  if (!choiceReady(choice, cards)) return 'Complete your payment details to continue';
  return null;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <AccountPage title="Checkout" className="co-page" testId="checkout-page">
      {children}
    </AccountPage>
  );
}

function CheckoutLoading() {
  return (
    <Shell>
      <AccountPageLoading className="co-loading" label="Loading your checkout" />
    </Shell>
  );
}

function EmptyCheckout() {
  return (
    <Shell>
      <section className="empty-panel co-empty" data-testid="checkout-empty">
        <span className="empty-panel__icon co-icon" aria-hidden="true">
          <Icon name="bag" size={30} />
        </span>
        <h1 className="empty-panel__title">Your cart is empty</h1>
        <p className="empty-panel__text">There is nothing to check out yet. Find something you’ll love first.</p>
        <Link to="/" className="button button--primary">
          Continue shopping
        </Link>
      </section>
    </Shell>
  );
}

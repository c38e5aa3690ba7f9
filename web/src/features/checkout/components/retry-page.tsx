import { useCallback, useEffect, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import { isLoggedIn, useSession } from '@/shared/api/session';
import { AccountPage, AccountPageLoading } from '@/shared/components/AccountPage';
import { Icon } from '@/shared/components/ui/Icon';
import { FullPageSpinner } from '@/shared/components/ui/Spinner';
import { useSavedCards } from '../api/get-saved-cards';
import { useOrderStatus } from '../api/get-order-status';
import { completePath, ORDERS_PATH } from '../paths';
import { choiceReady, knownPaymentKey, methodFields, retryTabs } from '../payment';
import type { OrderStatus } from '../types';
import { payWaitLabel, usePay } from '../use-pay';
import { usePaymentChoice } from '../use-payment-choice';
import { EMAIL_REQUIRED, EmailNeeded } from './email-needed';
import { PayBar } from './pay-bar';
import { PaymentMethods } from './payment-methods';
import { SandboxHint } from './sandbox-hint';
import './checkout.css';

/** Shown when PayU's page sent the shopper back here (`&payment=failed`): failed or cancelled there. */
const RETURNED_FAILED = 'Your payment did not go through. No money was taken; if it was, it will be refunded.';

/**
 * Retry payment (/retrypayment/?order_id=…, spec 000 §2): the order, where it stands, and — while the
 * shop allows it (spec 000 §4: between the retry limit in minutes and the pending-inventory limit in
 * hours, both the server's) — the online payment tabs and Pay, which pays this same order again.
 * `&payment=failed` (the shop, after PayU's page) adds a notice at the top.
 */
export function RetryPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id')?.trim() || null;
  const session = useSession();
  const me = session.data;
  const userId = me && isLoggedIn(me) && me.user ? me.user.id : null;
  const returnedFailed = params.get('payment') === 'failed';
  const next = `/retrypayment/${orderId ? `?order_id=${encodeURIComponent(orderId)}${returnedFailed ? '&payment=failed' : ''}` : ''}`;
  const login = `/login?next=${encodeURIComponent(next)}`;

  if (orderId === null) return <NoOrder />;
  if (session.isPending) return <RetryLoading />;
  if (userId === null) return <Navigate to={login} replace />;
  return <RetryOrder orderId={orderId} userId={userId} login={login} returnedFailed={returnedFailed} />;
}

type OrderProps = { orderId: string; userId: number; login: string; returnedFailed: boolean };

function RetryOrder({ orderId, userId, login, returnedFailed }: OrderProps) {
  const status = useOrderStatus(orderId);
  const { refetch } = status;
  const askAgain = useCallback(() => void refetch(), [refetch]);
  const error = status.error;
  if (isApiError(error) && error.status === 401) return <Navigate to={login} replace />;
  if (isApiError(error) && error.isNotFound) return <NoOrder />;
  if (status.isPending) return <RetryLoading />;
  if (!status.data) {
    return (
      <Shell>
        <div className="state-panel" role="alert" data-testid="retry-error">
          <p>We couldn’t load this order. {errorMessage(error)}</p>
          <button type="button" className="button button--primary" onClick={() => void status.refetch()} disabled={status.isFetching}>
            Try again
          </button>
        </div>
      </Shell>
    );
  }
  return <RetryView order={status.data} userId={userId} onFailed={askAgain} returnedFailed={returnedFailed} />;
}

type ViewProps = { order: OrderStatus; userId: number; onFailed: () => void; returnedFailed: boolean };

function RetryView({ order, userId, onFailed, returnedFailed }: ViewProps) {
  const navigate = useNavigate();
  // PayU keeps no cards for us: its page has its own
  const saved = useSavedCards(order.retry.allowed && order.provider === 'RAZORPAY' ? userId : null);
  const { choice, update, toggle } = usePaymentChoice();
  const onPaid = useCallback((id: string) => navigate(completePath(id), { replace: true }), [navigate]);
  const payment = usePay(onPaid);
  const failure = payment.failure;
  const waitLabel = payWaitLabel(payment.stage);
  // the provider's key is learnt from this visit's checkout or payment start (the status has none)
  const paymentKey = knownPaymentKey();

  // a refusal may close (or not yet reopen) the window: ask where the order stands now
  useEffect(() => {
    if (failure) onFailed();
  }, [failure, onFailed]);

  const cards = saved.data?.cards ?? [];
  const fields = methodFields(choice);
  const blocked =
    choice.open === null
      ? 'Choose how you would like to pay'
      : !choiceReady(choice, cards) || !fields
        ? 'Complete your payment details to continue'
        : null;

  return (
    <Shell>
      <h1 className="co-head__title">Retry payment</h1>
      {returnedFailed ? (
        <p className="co-alert" role="status" data-testid="retry-returned-failed">
          <Icon name="close" size={18} />
          <span>{RETURNED_FAILED}</span>
        </p>
      ) : null}
      <section className="co-card co-order" data-testid="retry-order">
        <div className="co-order__row">
          <span className="co-order__label">Order</span>
          <strong data-testid="retry-ref">{order.order_ref}</strong>
        </div>
        <div className="co-order__row">
          <span className="co-order__label">Amount</span>
          <strong data-testid="retry-amount">{order.to_pay_ui}</strong>
        </div>
        <div className="co-order__row">
          <span className="co-order__label">Status</span>
          <span className="co-status" data-testid="retry-status">
            {order.status_label}
          </span>
        </div>
      </section>

      {failure?.code === EMAIL_REQUIRED ? (
        <EmailNeeded message={failure.message} />
      ) : failure ? (
        <p className="co-alert" role="alert" data-testid="retry-failure">
          <Icon name="close" size={18} />
          <span>{failure.message}</span>
        </p>
      ) : null}

      {order.retry.allowed ? (
        <>
          <PaymentMethods tabs={retryTabs(order.provider)} choice={choice} update={update} toggle={toggle} savedCards={cards} />
          <SandboxHint paymentKey={paymentKey} />
          <PayBar
            amountUi={order.to_pay_ui}
            label={`Pay ${order.to_pay_ui}`}
            blocked={blocked}
            busy={payment.busy}
            withDetails={false}
            onPay={() => {
              if (!blocked && fields) void payment.pay(order.order_id, fields);
            }}
          />
        </>
      ) : (
        <section className="co-card co-closed" data-testid="retry-closed">
          <span className="co-closed__icon" aria-hidden="true">
            <Icon name="clock" size={24} />
          </span>
          <p className="co-closed__reason" data-testid="retry-reason">
            {order.retry.reason || 'This order cannot be paid for again.'}
          </p>
          <Link to={ORDERS_PATH} className="button button--secondary button--wide">
            View orders
          </Link>
        </section>
      )}
      {waitLabel ? <FullPageSpinner label={waitLabel} /> : null}
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <AccountPage title="Retry payment" className="co-page" testId="retry-page">
      {children}
    </AccountPage>
  );
}

function RetryLoading() {
  return (
    <Shell>
      <AccountPageLoading className="co-loading" label="Loading your order" />
    </Shell>
  );
}

function NoOrder() {
  return (
    <Shell>
      <section className="empty-panel co-empty" data-testid="retry-missing">
        <span className="empty-panel__icon co-icon" aria-hidden="true">
          <Icon name="box" size={30} />
        </span>
        <h1 className="empty-panel__title">We couldn’t find that order</h1>
        <p className="empty-panel__text">Open it from your orders to pay for it again.</p>
        <Link to={ORDERS_PATH} className="button button--primary">
          View orders
        </Link>
      </section>
    </Shell>
  );
}

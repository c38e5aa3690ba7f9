import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import { isLoggedIn, useSession } from '@/shared/api/session';
import { AccountPage, LoginNeededPanel } from '@/shared/components/AccountPage';
import { Icon } from '@/shared/components/ui/Icon';
import { useOrders } from '../api/get-orders';
import { emptyTitle, historyDataPath, listQuery, readListParams, withPage, withStatus, withTimePeriod } from '../orders';
import type { OrderChoice, OrderList } from '../types';
import { OrderCard } from './OrderCard';
import type { Cancelled } from './CancelSheet';
import { Notice } from './OrderParts';
import './orders.css';

/**
 * My orders (/order/history/, screen id my_orders; the app variant under /my-orders-app/ asks
 * /order/app/history/): three orders a page (spec 000 §9), the status filter as a row of chips and the
 * time period as a select, all kept in the URL (?page=&status=&time_period=), so Back and a shared link
 * show the same list. Guests get the login panel; a cancellation is announced at the top of the page.
 */
export function OrdersPage() {
  const { pathname, search } = useLocation();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const me = session.data;
  const userId = me && isLoggedIn(me) && me.user ? me.user.id : null;
  const wanted = readListParams(params);
  const orders = useOrders(userId, historyDataPath(pathname), listQuery(wanted));
  const [notice, setNotice] = useState<{ n: number; done: Cancelled } | null>(null);
  const results = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const here = pathname + search;

  const data = orders.data;
  const settled = data && !orders.isPlaceholderData;
  // A page past the end (the list shrank: an order was cancelled under a filter) goes to the last page.
  useEffect(() => {
    if (settled && data.orders.length === 0 && data.total_pages > 0 && wanted.page > data.total_pages) {
      setParams(withPage(params, data.total_pages), { replace: true });
    }
  }, [settled, data, wanted.page, params, setParams]);

  if (session.isPending) return <Loading />;
  if (userId === null || (isApiError(orders.error) && orders.error.status === 401)) {
    return (
      <Shell>
        <LoginNeededPanel
          icon="box"
          iconClassName="od-icon"
          title="Your orders"
          text="Log in to see your orders, follow a delivery, cancel or order again."
          next={here}
          testId="orders-login"
        />
      </Shell>
    );
  }
  if (orders.isPending) return <Loading />;
  if (!data) {
    const badFilter = isApiError(orders.error) && orders.error.status === 400;
    return (
      <Shell>
        <Title />
        <div className="state-panel" role="alert" data-testid="orders-error">
          <p>
            {badFilter ? '' : 'We couldn’t load your orders. '}
            {errorMessage(orders.error)}
          </p>
          {badFilter ? (
            <button type="button" className="button button--primary" onClick={() => setParams(withTimePeriod(withStatus(params, ''), ''))}>
              Show all orders
            </button>
          ) : (
            <button type="button" className="button button--primary" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
              Try again
            </button>
          )}
        </div>
      </Shell>
    );
  }

  const goTo = (page: number) => {
    setParams(withPage(params, page));
    // a new page starts at the top, filters in view; the keyboard goes to the list
    title.current?.scrollIntoView?.({ block: 'start' });
    results.current?.focus({ preventScroll: true });
  };

  return (
    <Shell>
      <Title count={data.orders_data.count} ref={title} />
      {notice ? (
        <Notice key={notice.n} tone="ok" onDismiss={() => setNotice(null)} testId="orders-notice">
          <p className="od-notice__title">{notice.done.title}</p>
          {notice.done.detail ? <p>{notice.done.detail}</p> : null}
        </Notice>
      ) : null}
      {data.non_serviceable_pop_up ? (
        <p className="od-pickup-note" role="note" data-testid="orders-pickup-note">
          <Icon name="truck" size={18} />
          <span>Pickup isn’t available at one of your delivery pincodes; you can give another pickup address when you return.</span>
        </p>
      ) : null}
      <Filters
        data={data}
        status={wanted.status}
        period={wanted.timePeriod || 'all'}
        onStatus={(s) => setParams(withStatus(params, s))}
        onPeriod={(p) => setParams(withTimePeriod(params, p))}
      />
      <div
        ref={results}
        tabIndex={-1}
        className={`od-results${orders.isPlaceholderData ? ' od-results--busy' : ''}`}
        aria-busy={orders.isPlaceholderData || undefined}
        aria-label="Orders"
        role="region"
        data-testid="orders-results"
      >
        {data.orders.length === 0 ? (
          <Empty data={data} status={wanted.status} onShowAll={() => setParams(withTimePeriod(withStatus(params, ''), ''))} />
        ) : (
          <>
            <p className="od-showing" data-testid="orders-showing">
              {showing(data)}
            </p>
            <ul className="od-list">
              {data.orders.map((o) => (
                <li key={o.encrypted_order_id}>
                  <OrderCard order={o} from={here} onCancelled={(done) => setNotice((x) => ({ n: (x?.n ?? 0) + 1, done }))} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <Pager current={data.current_page} total={data.total_pages} busy={orders.isPlaceholderData} onPage={goTo} />
    </Shell>
  );
}

/** "Showing 4–6 of 7 orders" */
function showing(data: OrderList): string {
  const { count, per_page } = data.orders_data;
  const first = (data.current_page - 1) * per_page + 1;
  const last = first + data.orders.length - 1;
  const noun = count === 1 ? 'order' : 'orders';
  return first === last ? `Showing ${first} of ${count} ${noun}` : `Showing ${first}–${last} of ${count} ${noun}`;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <AccountPage title="My orders" className="od-page" testId="orders-page">
      {children}
    </AccountPage>
  );
}

function Title({ count, ref }: { count?: number; ref?: Ref<HTMLHeadingElement> }) {
  return (
    <h1 className="od-title" ref={ref}>
      My orders
      {count !== undefined ? <span className="visually-hidden">, {count === 1 ? '1 order' : `${count} orders`}</span> : null}
    </h1>
  );
}

function Filters({
  data,
  status,
  period,
  onStatus,
  onPeriod,
}: {
  data: OrderList;
  status: string;
  period: string;
  onStatus: (value: string) => void;
  onPeriod: (value: string) => void;
}) {
  const row = useRef<HTMLDivElement>(null);
  // The chosen chip is scrolled into the row's view (a link may choose one far along it).
  useEffect(() => {
    const r = row.current;
    const chip = r?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (r && chip) r.scrollLeft = Math.max(0, chip.offsetLeft - r.offsetLeft - 16);
  }, [status]);
  const periods = data.time_period;
  return (
    <div className="od-filters">
      <div className="od-chips" ref={row} role="group" aria-label="Order status" data-testid="order-filters">
        {data.orders_data.filters.map((f) => (
          <button
            key={f.value || 'all'}
            type="button"
            className="od-chip"
            aria-pressed={f.value === status}
            onClick={() => {
              if (f.value !== status) onStatus(f.value);
            }}
          >
            {f.label}
          </button>
        ))}
      </div>
      {periods.length > 0 ? (
        <label className="od-period">
          <span className="od-period__label">Time period</span>
          <select className="input od-period__select" value={period} onChange={(e) => onPeriod(e.target.value)} data-testid="time-period">
            {periods.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
            {periods.some((p) => p.value === period) ? null : <option value={period}>{period}</option>}
          </select>
        </label>
      ) : null}
    </div>
  );
}

function Empty({ data, status, onShowAll }: { data: OrderList; status: string; onShowAll: () => void }) {
  const period: OrderChoice | undefined = data.time_period.find((p) => p.selected);
  const title = emptyTitle({ status, filters: data.orders_data.filters, period, allOrders: data.allOrders });
  const none = data.allOrders === 0;
  return (
    <section className="empty-panel od-empty" data-testid="orders-empty">
      <span className="empty-panel__icon od-icon" aria-hidden="true">
        <Icon name="box" size={30} />
      </span>
      <h2 className="empty-panel__title">{title}</h2>
      <p className="empty-panel__text">
        {none ? 'When you place an order, you can follow it here.' : 'None of your orders match this choice.'}
      </p>
      {none ? null : (
        <button type="button" className="button button--secondary" onClick={onShowAll}>
          Show all orders
        </button>
      )}
      <Link to="/" className={none ? 'button button--primary' : 'link-button'}>
        {none ? 'Start shopping' : 'Continue shopping'}
      </Link>
    </section>
  );
}

/** Previous / "Page 1 of 3" / Next; none for a single page. */
function Pager({ current, total, busy, onPage }: { current: number; total: number; busy: boolean; onPage: (page: number) => void }) {
  if (total <= 1) return null;
  return (
    <nav className="od-pager" aria-label="Pages of orders" data-testid="orders-pager">
      <button type="button" className="od-pager__button" onClick={() => onPage(current - 1)} disabled={current <= 1 || busy}>
        <Icon name="chevronLeft" size={18} />
        Previous
      </button>
      <p className="od-pager__where" aria-live="polite" data-testid="orders-page-of">
        Page {current} of {total}
      </p>
      <button type="button" className="od-pager__button" onClick={() => onPage(current + 1)} disabled={current >= total || busy}>
        Next
        <Icon name="chevronRight" size={18} />
      </button>
    </nav>
  );
}

function Loading() {
  return (
    <Shell>
      <Title />
      <div className="od-skeletons" aria-busy="true" data-testid="orders-loading">
        <span className="visually-hidden" role="status">
          Loading your orders
        </span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="od-card od-card--skeleton" aria-hidden="true">
            <div className="skeleton skeleton--title od-sk-title" />
            <div className="skeleton skeleton--line od-sk-short" />
            <div className="od-sk-item">
              <div className="skeleton od-sk-img" />
              <div className="od-sk-lines">
                <div className="skeleton skeleton--line" />
                <div className="skeleton skeleton--line skeleton--short" />
              </div>
            </div>
            <div className="skeleton od-sk-button" />
          </div>
        ))}
      </div>
    </Shell>
  );
}

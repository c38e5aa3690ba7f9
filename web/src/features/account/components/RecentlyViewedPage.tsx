import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import type { ProductCard } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { useShopper } from '../account';
import { useClearRecentlyViewed } from '../api/clear-recently-viewed';
import { useDeviceProducts } from '../api/get-device-products';
import { useRecentlyViewed } from '../api/get-recently-viewed';
import { AccountLoading, AccountShell, LoadError } from './AccountShell';

const NEXT = '/account/recently-viewed';

export interface RecentlyViewedProps {
  /** The browser's own list (a guest's views), newest first: the app reads it where the product page keeps it. */
  deviceIds: number[];
  /** Empties the browser's list (a guest's Clear). */
  onClearDevice: () => void;
  /** A product's card in the grid: the app gives the catalog's card. */
  renderCard: (product: ProductCard, index: number) => ReactNode;
}

/**
 * Recently viewed (/account/recently-viewed, the account menu's Recently viewed), newest first. A shopper's
 * list is kept by the server (every device they use, merged with this one's at login) and Clear forgets
 * it there; a guest's is this browser's own, and Clear empties it here.
 */
export function RecentlyViewedPage(props: RecentlyViewedProps) {
  const { session, userId } = useShopper();
  const server = useRecentlyViewed(userId);
  // a session that ended while the page was open: the browser's list is what there is to show
  const guest = !session.isPending && (userId === null || (isApiError(server.error) && server.error.status === 401));

  let body: ReactNode;
  if (session.isPending) body = <AccountLoading label="Loading your recently viewed products" />;
  else if (guest || userId === null) body = <DeviceList {...props} />;
  else body = <ShopperList userId={userId} query={server} renderCard={props.renderCard} />;

  return (
    <AccountShell title="Recently viewed" testId="recently-viewed-page" wide>
      {body}
    </AccountShell>
  );
}

function ShopperList({
  userId,
  query,
  renderCard,
}: {
  userId: number;
  query: ReturnType<typeof useRecentlyViewed>;
  renderCard: RecentlyViewedProps['renderCard'];
}) {
  const toast = useToast();
  const clear = useClearRecentlyViewed(userId);
  if (query.isPending) return <AccountLoading label="Loading your recently viewed products" />;
  if (!query.data) {
    return (
      <>
        <Title count={null} />
        <LoadError
          what="your recently viewed products"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId="recently-viewed-error"
        />
      </>
    );
  }
  const onClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => toast.success('Your recently viewed list is cleared'),
      onError: (e) => toast.error(errorMessage(e)),
    });
  return (
    <Products
      products={query.data.products}
      renderCard={renderCard}
      clearButton={
        <button type="button" className="button button--secondary rv-clear" onClick={onClear} disabled={clear.isPending}>
          {clear.isPending ? <Spinner size={18} label="Clearing" /> : 'Clear'}
        </button>
      }
      note={<p className="ac-lead">What you viewed on any device you are logged in on, newest first.</p>}
    />
  );
}

function DeviceList({ deviceIds, onClearDevice, renderCard }: RecentlyViewedProps) {
  const toast = useToast();
  const cards = useDeviceProducts(deviceIds, true);
  const note = (
    <p className="ac-note" data-testid="recently-viewed-guest">
      <Icon name="clock" size={18} />
      <span>
        Viewed on this device.{' '}
        <Link to={`/login?next=${encodeURIComponent(NEXT)}`} className="ac-note__link">
          Log in
        </Link>{' '}
        to keep them with your account and see them on every device.
      </span>
    </p>
  );
  if (deviceIds.length === 0) return <Products products={[]} renderCard={renderCard} note={null} clearButton={null} />;
  if (cards.isPending) return <AccountLoading label="Loading your recently viewed products" />;
  if (!cards.data) {
    return (
      <>
        <Title count={null} />
        <LoadError
          what="your recently viewed products"
          error={cards.error}
          onRetry={() => void cards.refetch()}
          retrying={cards.isFetching}
          testId="recently-viewed-error"
        />
      </>
    );
  }
  const onClear = () => {
    onClearDevice();
    toast.success('Cleared from this device');
  };
  return (
    <Products
      products={cards.data.products}
      renderCard={renderCard}
      note={note}
      clearButton={
        <button type="button" className="button button--secondary rv-clear" onClick={onClear}>
          Clear
        </button>
      }
    />
  );
}

function Title({ count }: { count: number | null }) {
  return (
    <h1 className="ac-title">
      Recently viewed
      {count ? (
        <span className="rv-count" data-testid="recently-viewed-count">
          {' '}
          {count} {count === 1 ? 'product' : 'products'}
        </span>
      ) : null}
    </h1>
  );
}

function Products({
  products,
  renderCard,
  note,
  clearButton,
}: {
  products: ProductCard[];
  renderCard: RecentlyViewedProps['renderCard'];
  note: ReactNode;
  clearButton: ReactNode;
}) {
  if (products.length === 0) {
    return (
      <>
        <Title count={null} />
        <div className="empty-panel ac-empty" data-testid="recently-viewed-empty">
          <span className="empty-panel__icon ac-icon" aria-hidden="true">
            <Icon name="clock" size={30} />
          </span>
          <h2 className="empty-panel__title">Nothing viewed yet</h2>
          <p className="empty-panel__text">Products you look at will be listed here, so you can find them again.</p>
          <Link to="/" className="button button--primary">
            Continue shopping
          </Link>
        </div>
      </>
    );
  }
  return (
    <>
      <div className="ac-head">
        <Title count={products.length} />
        {clearButton}
      </div>
      {note}
      <div className="rv-grid" data-testid="recently-viewed-products">
        {products.map((p, i) => (
          <div key={p.id} className="rv-grid__item">
            {renderCard(p, i)}
          </div>
        ))}
      </div>
    </>
  );
}

import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import { isLoggedIn, useSession } from '@/shared/api/session';
import type { WishlistItem } from '@/shared/api/types';
import { OldPrice } from '@/shared/components/Price';
import { Icon } from '@/shared/components/ui/Icon';
import { AccountPage, AccountPageLoading, LoginNeededPanel } from '@/shared/components/AccountPage';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { recordEvent } from '@/shared/lib/events';
import { sizedImage, useImageQuality, useShownWidth } from '@/shared/lib/images';
import { loadedItems, useWishlist, wishlistCount } from '../api/get-wishlist';
import { useRemoveWishlistItem } from '../api/wishlist-mutations';
import { savedSizesText } from '../wishlist';
import { MoveToCartModal } from './MoveToCartModal';
import './wishlist.css';

const NEXT = '/wishlist/';

/**
 * The wishlist (/wishlist/), for logged-in shoppers: saved products with their saved combo sizes,
 * 'Move to cart' (choose a size, add, then take it off the list) and 'Remove'. The first page
 * (50, newest first) shows; 'Show more' appends the next.
 * `onCartChanged` lets the app refresh the header's cart count (another feature's query).
 */
export function WishlistPage({ onCartChanged }: { onCartChanged: (cartQuantity: number) => void }) {
  const session = useSession();
  const loggedIn = session.data ? isLoggedIn(session.data) : false;
  const list = useWishlist(loggedIn);
  const [moving, setMoving] = useState<WishlistItem | null>(null);

  if (session.isPending) return <WishlistLoading />;
  if (!loggedIn || (isApiError(list.error) && list.error.status === 401)) return <LoginNeeded />;
  if (list.isPending) return <WishlistLoading />;
  if (list.isError && !list.isFetchNextPageError) {
    return (
      <Shell>
        <div className="state-panel" role="alert">
          <p>We couldn’t load your wishlist. {errorMessage(list.error)}</p>
          <button type="button" className="button button--primary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      </Shell>
    );
  }

  const items = loadedItems(list.data);
  const count = wishlistCount(list.data);
  return (
    <Shell>
      <header className="wl-head">
        <h1 className="wl-head__title">Wishlist</h1>
        <p className="wl-head__count" data-testid="wishlist-total">
          {count} {count === 1 ? 'item' : 'items'}
        </p>
      </header>
      {items.length === 0 ? (
        <section className="empty-panel" data-testid="wishlist-empty">
          <span className="empty-panel__icon wl-empty__icon" aria-hidden="true">
            <Icon name="heart" size={30} />
          </span>
          <h2 className="empty-panel__title">Your wishlist is empty</h2>
          <p className="empty-panel__text">Tap the heart on any product to save it here for later.</p>
          <Link to="/" className="button button--primary">
            Continue shopping
          </Link>
        </section>
      ) : (
        <>
          <ul className="wl-grid" data-testid="wishlist">
            {items.map((item) => (
              <WishlistCard key={item.id} item={item} onMove={() => setMoving(item)} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="wl-more">
              <p className="wl-more__progress">
                Showing {items.length} of {count}
              </p>
              <button
                type="button"
                className="button button--secondary button--wide"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                data-testid="wishlist-more"
              >
                {list.isFetchingNextPage ? <Spinner size={18} label="Loading more" /> : 'Show more'}
              </button>
              {list.isFetchNextPageError ? (
                <p className="form-error" role="alert">
                  {errorMessage(list.error)}
                </p>
              ) : null}
            </div>
          ) : null}
        </>
      )}
      {moving ? <MoveToCartModal entry={moving} onClose={() => setMoving(null)} onCartChanged={onCartChanged} /> : null}
    </Shell>
  );
}

function WishlistCard({ item, onMove }: { item: WishlistItem; onMove: () => void }) {
  const toast = useToast();
  const remove = useRemoveWishlistItem();
  const [error, setError] = useState<string | null>(null);
  const p = item.product;
  const saved = savedSizesText(item);
  const struck = p.old_price > p.rounded_up_unit_price;
  const quality = useImageQuality();
  const [imgRef, shown] = useShownWidth<HTMLImageElement>(180);

  const onRemove = () => {
    setError(null);
    remove.mutateAsync(item.id).then(
      () => {
        toast.success(`${p.name} removed from your wishlist`);
        void recordEvent({ event_name: 'removed_from_wishlist', product_id: p.id, source: 'wishlist', cart_updated: false });
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  };

  return (
    <li className={`wl-card${p.is_soldout ? ' wl-card--soldout' : ''}`} data-testid="wishlist-item" aria-busy={remove.isPending}>
      <Link to={p.url} className="wl-card__media" tabIndex={-1} aria-hidden="true">
        <img ref={imgRef} src={shown ? sizedImage(p.img, shown, quality) : undefined} alt="" width={180} height={240} loading="lazy" />
        {p.is_soldout ? (
          <span className="wl-card__tag">Sold out</span>
        ) : p.offer_tag ? (
          <span className="wl-card__tag wl-card__tag--offer">{p.offer_tag}</span>
        ) : null}
      </Link>
      <div className="wl-card__body">
        <Link to={p.url} className="wl-card__name">
          {p.name}
        </Link>
        <p className="wl-card__meta">{[p.color_name, saved].filter(Boolean).join(' · ')}</p>
        <p className="wl-card__price">
          <span className="price">{p.rounded_up_unit_price_ui}</span>
          {struck ? <OldPrice>{p.old_price_ui}</OldPrice> : null}
        </p>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="wl-card__actions">
        <button type="button" className="button button--secondary wl-card__move" onClick={onMove} disabled={p.is_soldout}>
          {p.is_soldout ? 'Out of stock' : 'Move to cart'}
        </button>
        <button
          type="button"
          className="link-button wl-card__remove"
          onClick={onRemove}
          disabled={remove.isPending}
          aria-label={`Remove ${p.name} from your wishlist`}
        >
          {remove.isPending ? 'Removing…' : 'Remove'}
        </button>
      </div>
    </li>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <AccountPage title="Wishlist" className="wl-page" testId="wishlist-page">
      {children}
    </AccountPage>
  );
}

function WishlistLoading() {
  return (
    <Shell>
      <AccountPageLoading className="wl-loading" label="Loading your wishlist" />
    </Shell>
  );
}

function LoginNeeded() {
  return (
    <Shell>
      <LoginNeededPanel
        icon="heart"
        iconClassName="wl-empty__icon"
        title="Your wishlist"
        text="Log in to see the products you saved, on any device."
        next={NEXT}
        testId="wishlist-login"
      />
    </Shell>
  );
}

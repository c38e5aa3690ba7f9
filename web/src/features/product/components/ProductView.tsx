import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import type { GalleryItem, Me, Product, Timer } from '@/shared/api/types';
import { OldPrice } from '@/shared/components/Price';
import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { PRODUCT_PAGE_TOAST, useToast } from '@/shared/components/ui/toast-context';
import { pushEcommerce, recordEvent, rupees } from '@/shared/lib/events';
import { useDrawnCount } from '@/shared/lib/first-page';
import { useSeenOnce } from '@/shared/lib/use-in-view';
import { useAddToCart } from '../api/add-to-cart';
import { offersKey, useOffers } from '../api/get-offers';
import { productQueryOptions } from '../api/get-product';
import { useProductFeatures } from '../api/get-product-features';
import { useLastPurchasedSizes } from '../api/get-last-purchased-size';
import { allSoldOut, sizesQueryOptions, type ProductSizes } from '../api/get-sizes';
import { useToggleWishlist } from '../api/toggle-wishlist';
import { viewItem } from '../analytics';
import { isBraSku } from '../bra-size';
import { usePurchase } from '../hooks/use-purchase';
import { productTag } from '../product-tag';
import {
  buyNowPath,
  capAfterAdd,
  capFromRefusal,
  capNote,
  capRoom,
  cartItem,
  chosenItem,
  isComboSizes,
  missingSizeMessage,
  requestableSizes,
  type CartCap,
  type SizeSlot,
} from '../purchase';
import { FitNotice } from './FitNotice';
import { ColourSwatches } from './ColourSwatches';
import { Gallery } from './Gallery';
import { Offers } from './Offers';
import { PolicyStrip } from './PolicyStrip';
import { FeatureList, ProductInfo } from './ProductInfo';
import { QUANTITY_LIMIT_ID, QuantityStepper } from './QuantityStepper';
import { RatingPill, ratingView } from './Rating';
import { SizePicker, SizePickerSkeleton } from './SizePicker';
import { TimerBanner } from './TimerBanner';
import './product.css';

// Everything that only opens on a tap is its own chunk (spec: the first load stays small).
const FullscreenGallery = lazy(() => import('./FullscreenGallery'));
const SizePopup = lazy(() => import('./SizePopup'));
const NotifyMe = lazy(() => import('./NotifyMe'));
const SharePopup = lazy(() => import('./SharePopup'));
const LoginPrompt = lazy(() => import('./LoginPrompt.lazy'));
const BraSizeCalculator = lazy(() => import('./BraSizeCalculator'));
const SizeChartModal = lazy(() => import('./SizeChartModal'));

const BUY_NOTE_ID = 'buy-note';
/** How long what lies under the buy bar waits for the product's features at most. */
export const FEATURES_WAIT_MS = 2000;

/** True once `ms` have passed without `done`. */
function useWaited(ms: number, done: boolean): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (done) return;
    const timer = setTimeout(() => setWaited(true), ms);
    return () => clearTimeout(timer);
  }, [ms, done]);
  return waited;
}

type Panel =
  | { kind: 'fullscreen'; index: number }
  | { kind: 'sizes'; mode: 'cart' | 'buy' }
  | { kind: 'notify'; size?: string }
  | { kind: 'share' }
  | { kind: 'login' }
  | { kind: 'calculator' }
  | { kind: 'chart' };

function galleryOf(p: Product): GalleryItem[] {
  if (p.gallery?.length) return p.gallery;
  return [{ type: 'image', img_m: p.img, img_l: p.img, thumbnail_url: p.img, embed: '' }];
}

function isLoggedIn(me: Me | undefined): boolean {
  return Boolean(me?.is_authenticated && me.user);
}

function isPrivileged(me: Me | undefined): boolean {
  return Boolean(me?.user && (me.user.is_superuser || me.user.can_see_unused_stock));
}

export interface ProductViewProps {
  product: Product;
  /** undefined while the sizes call is in flight */
  sizes: ProductSizes | undefined;
  /** the visitor's session; undefined while it loads */
  me: Me | undefined;
  /**
   * the offer timer, null for none: the page asks for it with the product and shows both together, so
   * the banner above the gallery never pushes the page down when it arrives (issue 14)
   */
  timer?: Timer | null;
  /** the cart changed (header counts refresh) */
  onCartChanged?: (cartQuantity: number) => void;
  /** the wishlist changed (header count) */
  onWishlistChanged?: (count: number) => void;
  /** the ratings and reviews section (another feature; composed by the app) */
  reviews?: ReactNode;
  /** the sections below the fold; rendered once the quantity selector scrolls into view */
  belowFold?: ReactNode;
  /** the product name's heading level (2 under a featured page's own title) */
  nameLevel?: 1 | 2;
  /** another colour is loading: this one stays, dimmed */
  updating?: boolean;
}

/** The product detail page's content (spec 001). */
export function ProductView({
  product,
  sizes,
  me,
  timer = null,
  onCartChanged,
  onWishlistChanged,
  reviews,
  belowFold,
  nameLevel = 1,
  updating = false,
}: ProductViewProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const loggedIn = isLoggedIn(me);
  const privileged = isPrivileged(me);

  const offers = useOffers(product.id);
  const features = useProductFeatures(product.slug);
  const lastPurchased = useLastPurchasedSizes(loggedIn);
  // What the page knows of this product's pieces in the cart (see CartCap), and the refusal that told it.
  const [cartCap, setCartCap] = useState<{ productId: number; cap: CartCap; refusal: string | null } | null>(null);
  // The sizes answer says what the bag holds when the page opens; the page's own adds and refusals since
  // then are newer.
  const known = cartCap?.productId === product.id ? cartCap : sizes?.cart ? { cap: sizes.cart, refusal: null } : null;
  const room = capRoom(known?.cap ?? null);
  const atCap = room === 0;
  const { state, max, pick, step, reset } = usePurchase(product, sizes, lastPurchased.data, room);
  const limitNote = capNote(known?.cap ?? null, state.quantity);
  const addToCart = useAddToCart();
  const wishlist = useToggleWishlist();

  const [panel, setPanel] = useState<Panel | null>(null);
  // The size popup's own message (a missing size, a refused add): said by the sizes, not in a toast over them.
  const [sizeNote, setSizeNote] = useState<string | null>(null);
  const [inWishlist, setInWishlist] = useState<boolean | null>(null);
  const wished = inWishlist ?? product.is_in_wishlist;
  const close = () => setPanel(null);

  const foldRef = useRef<HTMLDivElement>(null);
  const foldSeen = useSeenOnce(foldRef, '0px');
  // On the app's first page, what lies under the buy bar (policies, features, details, ratings) is
  // drawn a frame after the rest (issue 14, blocking time): the page then is laid out in two tasks,
  // not one of 13-21 ms unslowed, which Lighthouse's 4x slowdown made a blocking one. It is under the
  // fold on a phone, so nothing in view moves; any later product page is drawn whole.
  // It also waits for the features' answer (a failure is no features), asked with the page's first
  // data but not waited for: drawn without them, the features came later and pushed the details down
  // under the shopper's eyes on a screen tall enough to show them (an e2e flake, session 30: 269 px).
  // A features answer slower than FEATURES_WAIT_MS no longer holds back the policies and details.
  const featuresWaitedFor = useWaited(FEATURES_WAIT_MS, features.data !== undefined);
  const underBuyBar = useDrawnCount(2, 1, 1) > 1 && (features.data !== undefined || featuresWaitedFor);

  // Loaded: the view_item data layer event and the shopper event, once per product. Sent from a task
  // of their own: the effects after the page's first commit run in one task, already a long one on a
  // slowed phone (issue 14, blocking time), and nothing on screen waits for these. A page left before
  // that task sends nothing (the timer goes with it), and StrictMode's second mount still sends once.
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current) return;
    const timer = setTimeout(() => {
      viewed.current = true;
      pushEcommerce('view_item', { ...viewItem(product) });
      void recordEvent({ event_name: 'product_viewed', product_id: product.id, source: 'pdp', cart_updated: false });
    });
    return () => clearTimeout(timer);
  }, [product]);

  const outOfStock = !product.active || product.is_soldout || (sizes !== undefined && allSoldOut(sizes));
  const soldOut = outOfStock || state.soldOut;
  const rating = ratingView(product, privileged);
  const category = product.categories?.[0];
  const hasOld = product.old_price > product.rounded_up_unit_price && Boolean(product.old_price_ui);
  const hasChart = (product.size_chart_image?.length ?? 0) > 0;
  const showCalculator = isBraSku(product.sku);
  const combo = sizes ? isComboSizes(sizes) : product.combo;
  const chosenLabel = sizes && !combo ? chosenItem(sizes, state.selection, 'size')?.label : undefined;
  const hasSize = sizes ? missingSizeMessage(sizes, state.selection) === null : false;
  const requestable = requestableSizes(sizes, outOfStock);
  const offerList = offers.data ?? [];
  const buyNoteIds =
    [atCap && limitNote ? QUANTITY_LIMIT_ID : null, known?.refusal ? BUY_NOTE_ID : null].filter(Boolean).join(' ') || undefined;
  const Name = nameLevel === 1 ? 'h1' : 'h2';

  const refreshProduct = () => {
    void queryClient.invalidateQueries({ queryKey: productQueryOptions(product.slug).queryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: sizesQueryOptions(product.slug).queryKey, exact: true });
  };

  const add = async (mode: 'cart' | 'buy') => {
    if (!sizes || addToCart.isPending || atCap) return;
    const missing = missingSizeMessage(sizes, state.selection);
    if (missing) {
      setSizeNote(missing);
      setPanel({ kind: 'sizes', mode });
      return;
    }
    if (soldOut) return;
    setSizeNote(null);
    const quantity = state.quantity;
    try {
      const res = await addToCart.mutateAsync(cartItem(product, sizes, state.selection, quantity));
      setCartCap({ productId: product.id, cap: capAfterAdd(known?.cap ?? null, product.max_cart_items, quantity), refusal: null });
      // Buy Now leaves the page: its toast would follow the shopper to the cart (or the login).
      if (mode === 'buy') toast.dismiss('success');
      else toast.success(res.message || 'Added to cart', PRODUCT_PAGE_TOAST);
      pushEcommerce('add_to_cart', {
        currency: 'INR',
        value: rupees(product.rounded_up_unit_price) * state.quantity,
        items: viewItem(product).items.map((i) => ({ ...i, quantity: state.quantity })),
      });
      void recordEvent({ event_name: 'added_to_cart', product_id: product.id, source: 'pdp', cart_updated: true });
      setPanel(null);
      reset();
      onCartChanged?.(res.cart_quantity);
      refreshProduct();
      void queryClient.invalidateQueries({ queryKey: offersKey(product.id) });
      // Buy Now goes to the cart once the add has completed (the spec polls for it every 100 ms);
      // with the buy-now login widget flag on, a guest is asked to log in first, once a session.
      if (mode === 'buy') navigate(buyNowPath(me));
    } catch (e) {
      const message = errorMessage(e);
      // The product's cap: said under the buttons (a toast would cover them), and the page now knows the cart.
      const cap = isApiError(e) && e.status === 400 ? capFromRefusal(message) : null;
      if (cap) {
        setCartCap({ productId: product.id, cap, refusal: message });
        setPanel(null);
      } else if (panel?.kind === 'sizes') {
        // from the size popup: said there, by the sizes
        setSizeNote(message);
      } else {
        toast.error(message, PRODUCT_PAGE_TOAST);
      }
    }
  };

  const toggleWishlist = () => {
    if (wishlist.isPending) return;
    if (me && !loggedIn) {
      setPanel({ kind: 'login' });
      return;
    }
    const c = combo ? state.selection : {};
    wishlist.mutate(
      {
        product: product.id,
        child_product: null,
        first_combo_size: c.combo1 ?? null,
        second_combo_size: c.combo2 ?? null,
        multi_combo_size: null,
      },
      {
        onSuccess: (res) => {
          setInWishlist(res.in_wishlist);
          onWishlistChanged?.(res.wishlist_count);
          toast.success(res.in_wishlist ? 'Added to your wishlist' : 'Removed from your wishlist', PRODUCT_PAGE_TOAST);
          void recordEvent({
            event_name: res.in_wishlist ? 'added_to_wishlist' : 'removed_from_wishlist',
            product_id: product.id,
            source: 'pdp',
            cart_updated: false,
          });
          void queryClient.invalidateQueries({ queryKey: productQueryOptions(product.slug).queryKey, exact: true });
        },
        onError: (e) => {
          if (isApiError(e) && e.status === 401) setPanel({ kind: 'login' });
          else toast.error(errorMessage(e), PRODUCT_PAGE_TOAST);
        },
      },
    );
  };

  const pickSize = (slot: SizeSlot, value: string) => {
    setSizeNote(null);
    pick(slot, value);
  };
  const shareUrl =
    typeof window === 'undefined' ? product.url : new URL(product.url || `/product/${product.slug}`, window.location.origin).href;
  const sharedOnce = useRef(false);

  const wishButton = (
    <button
      type="button"
      className={`round-button${wished ? ' round-button--on' : ''}`}
      aria-pressed={wished}
      aria-label={wished ? 'Remove from wishlist' : 'Add to wishlist'}
      onClick={toggleWishlist}
      data-testid="wishlist-toggle"
    >
      <Icon name="heart" size={20} />
    </button>
  );

  return (
    <article
      className={`pdp${updating ? ' pdp--updating' : ''}`}
      data-testid="product"
      data-product-slug={product.slug}
      aria-busy={updating}
    >
      <title>{product.get_meta_title || `${product.name} · Drape`}</title>
      <div className="pdp__media">
        <Gallery
          items={galleryOf(product)}
          name={product.name}
          tag={productTag(product, soldOut)}
          paused={panel?.kind === 'fullscreen'}
          onOpen={(index) => setPanel({ kind: 'fullscreen', index })}
          actions={
            <>
              {wishButton}
              <button
                type="button"
                className="round-button"
                aria-label="Share"
                onClick={() => setPanel({ kind: 'share' })}
                data-testid="share-button"
              >
                <Icon name="share" size={19} />
              </button>
            </>
          }
        />
      </div>
      <div className="pdp__main">
        {/* Under the gallery, not over it: the gallery is where the page's HTML already shows the first
            image (issue 14), whether or not an offer runs. */}
        {timer ? <TimerBanner timer={timer} /> : null}
        {category ? (
          <nav className="breadcrumb" aria-label="Breadcrumb">
            <Link to="/">Home</Link>
            <span aria-hidden="true">/</span>
            <Link to={`/${category.slug}/`}>{category.name}</Link>
          </nav>
        ) : null}
        <Name className="pdp__name">{product.name}</Name>
        {product.channel_type === 2 ? <p className="pdp__exclusive">Exclusive</p> : null}

        <div className="pdp-price" data-testid="price">
          <span className="price price--lg">{product.rounded_up_unit_price_ui}</span>
          {hasOld ? <OldPrice>{product.old_price_ui}</OldPrice> : null}
          {product.offer_tag ? <span className="price-off">{product.offer_tag}</span> : null}
        </div>
        <p className="pdp-price__tax">Inclusive of all taxes</p>
        <RatingPill view={rating} />
        {offerList.length > 0 ? (
          <Offers offers={offerList} />
        ) : product.offer_text ? (
          <p className="offer-text">
            <span className="offer-text__label">Offer</span> {product.offer_text}
          </p>
        ) : null}

        <ColourSwatches colours={product.more_colors ?? []} currentSlug={product.slug} />

        {sizes === undefined ? (
          <SizePickerSkeleton />
        ) : sizes.ok && (combo || sizes.sizes.length > 0) ? (
          <section className="pdp-section pdp-sizes" aria-labelledby="pdp-sizes-title" data-testid="sizes">
            <div className="pdp-sizes__head">
              <h2 id="pdp-sizes-title" className="pdp-heading">
                {chosenLabel ? (
                  <>
                    Size<span className="pdp-label__value">: {chosenLabel}</span>
                  </>
                ) : combo ? (
                  'Select sizes'
                ) : (
                  'Select size'
                )}
              </h2>
              <div className="pdp-sizes__tools">
                {hasChart ? (
                  <button type="button" className="link-button" onClick={() => setPanel({ kind: 'chart' })}>
                    <Icon name="ruler" size={18} /> Size chart
                  </button>
                ) : null}
                {showCalculator ? (
                  <button type="button" className="link-button" onClick={() => setPanel({ kind: 'calculator' })}>
                    <Icon name="calculator" size={17} /> Bra Size Calculator
                  </button>
                ) : null}
              </div>
            </div>
            {loggedIn ? <FitNotice code={product.fittest_code_in_fitguide} available={product.fittest_size_in_all_size} /> : null}
            <SizePicker sizes={sizes} selection={state.selection} suggested={state.suggested} onPick={pickSize} />
            {!outOfStock && requestable.length > 0 ? (
              <button type="button" className="link-button pdp-sizes__request" onClick={() => setPanel({ kind: 'notify' })}>
                <Icon name="bell" size={16} /> Size sold out? Request your size
              </button>
            ) : null}
          </section>
        ) : null}

        <div ref={foldRef} className="pdp-buy">
          {outOfStock ? (
            <div className="stock-out" data-testid="out-of-stock">
              <p className="stock-out__title" role="status">
                Product Out of stock
              </p>
              <div className="stock-out__actions">
                <button type="button" className="button button--secondary" aria-pressed={wished} onClick={toggleWishlist}>
                  <Icon name="heart" size={18} /> {wished ? 'Wishlisted' : 'Wishlist'}
                </button>
                <button type="button" className="button button--primary" onClick={() => setPanel({ kind: 'notify' })}>
                  <Icon name="bell" size={18} /> Notify me
                </button>
              </div>
            </div>
          ) : (
            <>
              <QuantityStepper quantity={state.quantity} max={max} hasSize={hasSize} onStep={step} atLimit={atCap} limitNote={limitNote} />
              <div className="buybar" data-testid="buy-bar">
                {state.soldOut ? (
                  <button type="button" className="button button--soldout buybar__main" disabled>
                    Sold Out
                  </button>
                ) : (
                  <>
                    <button
                      type="button"
                      className="button button--secondary buybar__cart"
                      onClick={() => void add('cart')}
                      disabled={sizes === undefined || addToCart.isPending || atCap}
                      aria-describedby={buyNoteIds}
                      aria-busy={addToCart.isPending}
                    >
                      {addToCart.isPending ? <Spinner size={18} label="Adding to cart" /> : <Icon name="bag" size={18} />}
                      Add to cart
                    </button>
                    <button
                      type="button"
                      className="button button--primary buybar__buy"
                      onClick={() => void add('buy')}
                      disabled={sizes === undefined || addToCart.isPending || atCap}
                      aria-describedby={buyNoteIds}
                    >
                      Buy now
                    </button>
                    {known?.refusal ? (
                      <p className="buybar__note" id={BUY_NOTE_ID} role="alert" data-testid="buy-note">
                        {known.refusal}
                      </p>
                    ) : null}
                  </>
                )}
              </div>
            </>
          )}
        </div>

        {underBuyBar ? (
          <>
            <PolicyStrip nonreturnable={product.nonreturnable} />
            <FeatureList features={features.data} />
            <ProductInfo product={product} />
            {/* 'Product Rating', 'Rate This Product' and the reviews: the reviews feature, composed by the app */}
            <RatingsWhenNear>{reviews}</RatingsWhenNear>
          </>
        ) : null}
      </div>
      {foldSeen && belowFold ? <div className="pdp__below">{belowFold}</div> : null}

      <Suspense fallback={null}>
        {panel?.kind === 'fullscreen' ? (
          <FullscreenGallery items={galleryOf(product)} name={product.name} startIndex={panel.index} onClose={close} />
        ) : null}
        {panel?.kind === 'sizes' && sizes ? (
          <SizePopup
            product={product}
            sizes={sizes}
            selection={state.selection}
            suggested={state.suggested}
            onPick={pickSize}
            mode={panel.mode}
            busy={addToCart.isPending}
            soldOut={state.soldOut}
            onConfirm={() => void add(panel.mode)}
            onClose={close}
            note={sizeNote}
          />
        ) : null}
        {panel?.kind === 'notify' ? (
          <NotifyMe
            productId={product.id}
            productName={product.name}
            options={requestable}
            emailOnFile={loggedIn ? me?.user?.email || null : null}
            initialSize={panel.size}
            onRequested={() => void recordEvent({ event_name: 'notify_me', product_id: product.id, source: 'pdp', cart_updated: false })}
            onClose={close}
          />
        ) : null}
        {panel?.kind === 'share' ? (
          <SharePopup
            title={product.name}
            url={shareUrl}
            onCopied={() => toast.success('Link copied', PRODUCT_PAGE_TOAST)}
            onShared={() => {
              if (sharedOnce.current) return;
              sharedOnce.current = true;
              void recordEvent({ event_name: 'Share_product', product_id: product.id, source: 'pdp', cart_updated: false });
            }}
            onClose={close}
          />
        ) : null}
        {panel?.kind === 'login' ? (
          <LoginPrompt next={location.pathname + location.search} reason="Log in to save this to your wishlist." onClose={close} />
        ) : null}
        {panel?.kind === 'calculator' && sizes ? (
          <BraSizeCalculator
            available={sizes.sizes.filter((s) => s.quantity > 0).map((s) => s.value)}
            onChoose={(size) => {
              pick('size', size);
              close();
            }}
            onClose={close}
          />
        ) : null}
        {panel?.kind === 'chart' ? <SizeChartModal images={product.size_chart_image} onClose={close} /> : null}
      </Suspense>
    </article>
  );
}

/**
 * The ratings and reviews' place (the rating pill's `#ratings` link lands on it). What goes in it,
 * another feature's code with its own request for the review list, is drawn once the shopper is
 * within a screen of it (issue 14: on a phone's first load it was fetched, run and laid out while the
 * page above it was still settling, for a part no one had scrolled to yet).
 */
function RatingsWhenNear({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useSeenOnce(place, '100% 0px');
  return (
    <div id="ratings" ref={place} className="pdp-ratings">
      {near ? children : null}
    </div>
  );
}

export function ProductSkeleton() {
  return (
    <div className="pdp" aria-busy="true" aria-label="Loading product" data-testid="product-skeleton">
      <div className="pdp__media">
        <div className="gallery">
          <div className="gallery__viewport skeleton" />
        </div>
      </div>
      <div className="pdp__main">
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line skeleton--short" />
        <SizePickerSkeleton />
      </div>
    </div>
  );
}

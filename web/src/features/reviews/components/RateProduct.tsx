import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-keys';
import type { MyRating, Product } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { myRatingKey, myRatingQueryOptions, useMyRating } from '../api/get-my-rating';
import { reviewsKey } from '../api/get-reviews';
import { useSaveRating } from '../api/save-rating';
import { RATING_MESSAGE_MS, RATING_MESSAGES, eligibilityNote, isDelivered, loginPath, rateBlockState, starClick } from '../rules';
import { FeedbackForm } from './FeedbackForm';
import { ReviewModal } from './ReviewModal';

const STAR_NAMES = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

interface Saved {
  responseid: number;
  star: number;
  orderid: string;
}

/**
 * 'Rate This Product' (spec 001 §4): five stars. A guest's click asks them to log in; a shopper
 * whose order of the product was delivered saves the star (POST /rating/save/), which opens the
 * 'Write a Review' sheet with that star: it asks the feedback questions and the review once, and
 * ends with one thank-you. Only a shopper who closes it without saving finds the feedback form
 * under the stars. Everyone else gets a note.
 */
export function RateProduct({ product, session }: { product: Product; session: { pending: boolean; loggedIn: boolean } }) {
  const qc = useQueryClient();
  const location = useLocation();
  const myQuery = useMyRating(product.id, session.loggedIn);
  // Spec 001 §8: a failed rating fetch leaves the rating null (the block shows its skeleton).
  const my: MyRating | null | undefined = myQuery.isError ? null : myQuery.data;
  const state = rateBlockState(session, my);
  const saveRating = useSaveRating();

  const [loginOpen, setLoginOpen] = useState(false);
  const [clickNote, setClickNote] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [ratedMessage, setRatedMessage] = useState(false);
  const [ratingError, setRatingError] = useState<string | null>(null);
  /** how the saved star's feedback was given: the feedback form, or the review sheet (its text and answers) */
  const [feedbackDone, setFeedbackDone] = useState<false | 'form' | 'review'>(false);
  const [review, setReview] = useState({ open: false, star: 0, serial: 0 });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const refresh = useCallback(() => {
    void qc.invalidateQueries({ queryKey: myRatingKey(product.id) });
    void qc.invalidateQueries({ queryKey: queryKeys.product(product.slug), exact: true });
  }, [qc, product.id, product.slug]);

  const busy = checking || saveRating.isPending;
  const current = saved?.star ?? my?.my_rating ?? 0;
  const canReview = Boolean(my && my.ordered_by_user && isDelivered(my) && my.orderid);

  async function onStar(star: number) {
    setClickNote(null);
    setRatingError(null);
    if (!session.loggedIn) {
      setLoginOpen(true);
      return;
    }
    setChecking(true);
    let fresh: MyRating | null;
    try {
      fresh = await qc.fetchQuery(myRatingQueryOptions(product.id));
    } catch {
      fresh = null; // the block falls back to its skeleton
    } finally {
      setChecking(false);
    }
    if (!fresh) return;
    const action = starClick(true, fresh);
    if (action.kind === 'login') {
      setLoginOpen(true);
      return;
    }
    if (action.kind === 'note') {
      setClickNote(action.message);
      return;
    }
    setReview((r) => ({ open: true, star, serial: r.serial + 1 }));
    saveRating.mutate(
      { rating: star, productId: product.id, orderid: action.orderid },
      {
        onSuccess: ({ responseid }) => {
          setSaved({ responseid, star, orderid: action.orderid });
          setFeedbackDone(false);
          setRatedMessage(true);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => {
            setRatedMessage(false);
            refresh();
          }, RATING_MESSAGE_MS);
        },
        // The spec leaves these errors unhandled; the shopper should know the star did not stick:
        // said under the stars (the sheet's and these), not in a toast over the sheet.
        onError: (e) => setRatingError(errorMessage(e)),
      },
    );
  }

  const reviewModal = (
    <ReviewModal
      key={review.serial}
      open={review.open}
      initialStar={review.star}
      productId={product.id}
      ratedMessage={ratedMessage}
      ratingError={ratingError}
      feedback={saved && !feedbackDone ? { slug: product.slug, responseid: saved.responseid, orderid: saved.orderid } : null}
      onClose={() => setReview((r) => ({ ...r, open: false }))}
      onSaved={() => {
        // the sheet thanks the shopper and stays until closed; the review's words were the feedback too
        setFeedbackDone('review');
        void qc.invalidateQueries({ queryKey: reviewsKey(product.slug) });
        void qc.invalidateQueries({ queryKey: queryKeys.product(product.slug), exact: true });
      }}
    />
  );

  if (state === 'hidden') return null;

  // Once a star is saved here, the cached my_rating (0) is stale until the refresh: no 'rate first' note.
  const note = clickNote ?? ratingError ?? (saved ? null : eligibilityNote(session.loggedIn, my));

  return (
    <section className="rv-section rv-rate" aria-labelledby="rv-rate-title" data-testid="rate-product">
      <h2 id="rv-rate-title" className="rv-heading">
        Rate This Product
      </h2>
      {state === 'skeleton' ? (
        <div className="rv-rate__skeleton" aria-busy="true" aria-label="Loading your rating">
          {[1, 2, 3, 4, 5].map((i) => (
            <span key={i} className="skeleton rv-rate__skeleton-star" />
          ))}
        </div>
      ) : (
        <>
          <div className="rv-rate__row">
            <div className="rv-rate__stars" role="group" aria-label="Rate this product" aria-busy={busy}>
              {[1, 2, 3, 4, 5].map((star) => (
                <button
                  key={star}
                  type="button"
                  className={`rv-rate__star${star <= current ? ' is-on' : ''}`}
                  aria-label={`Rate ${star} ${star === 1 ? 'star' : 'stars'}`}
                  aria-pressed={star === current}
                  disabled={busy}
                  onClick={() => void onStar(star)}
                >
                  <Icon name="star" size={30} />
                </button>
              ))}
            </div>
            {current > 0 ? <span className="rv-rate__word">{STAR_NAMES[current]}</span> : null}
          </div>
          {state === 'guest' ? <p className="rv-rate__hint">Bought this? Tap a star to rate it.</p> : null}
          {ratedMessage ? (
            <p className="rv-rate__ok" role="status" data-testid="rating-submitted">
              {RATING_MESSAGES.rated}
            </p>
          ) : null}
          {note ? (
            <p className="rv-rate__note" role="note" data-testid="rating-note">
              {note}
            </p>
          ) : null}
          {canReview && current > 0 && !review.open ? (
            <button
              type="button"
              className="button button--secondary rv-rate__write"
              onClick={() => setReview((r) => ({ open: true, star: current, serial: r.serial + 1 }))}
            >
              Write a Review
            </button>
          ) : null}
          {saved && !feedbackDone && !review.open ? (
            <FeedbackForm
              slug={product.slug}
              productId={product.id}
              rating={saved.star}
              responseid={saved.responseid}
              orderid={saved.orderid}
              onDone={() => {
                setFeedbackDone('form');
                refresh();
              }}
            />
          ) : null}
          {saved && feedbackDone === 'form' ? (
            <p className="rv-rate__ok" role="status" data-testid="feedback-submitted">
              {RATING_MESSAGES.feedbackSaved}
            </p>
          ) : null}
        </>
      )}
      {reviewModal}
      <Modal open={loginOpen} title="Log in to rate" onClose={() => setLoginOpen(false)} variant="sheet">
        <div className="rv-login" data-testid="login-prompt">
          <p>Ratings and reviews come from customers who bought this product. Log in with your mobile number to rate it.</p>
          <Link className="button button--primary button--wide" to={loginPath(location.pathname + location.search)}>
            Log in
          </Link>
        </div>
      </Modal>
    </section>
  );
}

import type { MyRating, Product, ReviewPage, ReviewRowTuple } from '@/shared/api/types';
import { REVIEW_MESSAGES } from '@/shared/lib/validation';

/** Spec 001 §4, §8, §9: the texts and timings of the rating flow. */
export const RATING_MESSAGES = {
  rated: 'Your rating has been submitted.',
  rateFirst: 'Please rate this product first to write a review.',
  buyersOnly: 'Only customers who have bought this product can review.',
  /** not in the spec: a shopper whose order is still on its way */
  notDelivered: 'You can rate this product once your order is delivered.',
  feedbackNeedsRating: 'Please rate the product to write review',
  feedbackSaved: 'Thank you! Your feedback has been submitted.',
  reviewSaved: 'Review saved successfully',
  /** not in the spec: the review sheet's one ending */
  reviewThanks: 'Thank you! Your review helps other shoppers choose.',
  reviewFailed: 'Something Went Wrong',
  noReviews: 'No reviews yet!',
} as const;

/** How long 'Your rating has been submitted.' stays before the rating is refreshed. */
export const RATING_MESSAGE_MS = 5000;
/** Placeholders in the review list while a page loads. */
export const REVIEW_PLACEHOLDERS = 5;
/** Ratings below this many stars bring the extra feedback questions. */
export const EXTRA_QUESTIONS_BELOW = 4;

export interface RatingSummaryView {
  average: number;
  count: number;
  /** written reviews */
  reviews: number;
  /** percentages per star, 5 first; always five entries, each 0..100 */
  percents: number[];
}

/**
 * The 'Product Rating' numbers. Shoppers: rating[0], total_ratings[0], total_ratings[5];
 * privileged users (superuser or 'unused stock'): rating[1], total_ratings[1], total_ratings[4].
 */
export function ratingSummary(p: Pick<Product, 'rating' | 'total_ratings'>, privileged: boolean): RatingSummaryView {
  const r = Array.isArray(p.rating) ? p.rating : [];
  const t = Array.isArray(p.total_ratings) ? p.total_ratings : [];
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  const list = (privileged ? t[4] : t[5]) as unknown;
  const pcts = Array.isArray(list) ? list : [];
  return {
    average: num(privileged ? r[1] : r[0]),
    count: num(privileged ? t[1] : t[0]),
    reviews: num(t[2]),
    percents: [0, 1, 2, 3, 4].map((i) => Math.max(0, Math.min(100, Math.round(num(pcts[i]))))),
  };
}

/** The rating data is "empty" when the answer carries no rating fields at all (spec 001 §4). */
export function isEmptyRating(my: MyRating | null | undefined): boolean {
  if (!my || typeof my !== 'object') return true;
  return Object.keys(my).length === 0 || typeof my.my_rating !== 'number';
}

export type RateBlockState = 'skeleton' | 'guest' | 'hidden' | 'ready';

/**
 * What the 'Rate This Product' block shows: a skeleton while the session or the shopper's rating is
 * unknown (a failed rating fetch leaves it null: skeleton, spec 001 §8); stars for guests (a click
 * asks them to log in); nothing when the rating answer is empty; otherwise the stars.
 */
export function rateBlockState(session: { pending: boolean; loggedIn: boolean }, my: MyRating | null | undefined): RateBlockState {
  if (session.pending) return 'skeleton';
  if (!session.loggedIn) return 'guest';
  if (my === null || my === undefined) return 'skeleton';
  if (isEmptyRating(my)) return 'hidden';
  return 'ready';
}

export function isDelivered(my: MyRating): boolean {
  return my.orderstatus === 'Delivered';
}

/**
 * Spec 001 §4: when logged in, the order Delivered and not rated yet, a note; which note depends on
 * whether the shopper ordered this product.
 */
export function eligibilityNote(loggedIn: boolean, my: MyRating | null | undefined): string | null {
  if (!loggedIn || !my || isEmptyRating(my)) return null;
  if (!isDelivered(my) || my.my_rating !== 0) return null;
  return my.ordered_by_user ? RATING_MESSAGES.rateFirst : RATING_MESSAGES.buyersOnly;
}

export type StarClick = { kind: 'login' } | { kind: 'rate'; orderid: string } | { kind: 'note'; message: string };

/**
 * A click on a star: guests log in; shoppers whose order of this product was delivered rate it
 * (and the 'Write a Review' modal opens with that star); everyone else is told why they cannot.
 */
export function starClick(loggedIn: boolean, my: MyRating | null | undefined): StarClick {
  if (!loggedIn) return { kind: 'login' };
  if (!my || isEmptyRating(my) || !my.ordered_by_user) return { kind: 'note', message: RATING_MESSAGES.buyersOnly };
  if (!isDelivered(my) || !my.orderid) return { kind: 'note', message: RATING_MESSAGES.notDelivered };
  return { kind: 'rate', orderid: my.orderid };
}

/** Spec 001 §4/§9: the extra radio questions only for ratings below 4 stars. */
export function showExtraQuestions(rating: number): boolean {
  return rating < EXTRA_QUESTIONS_BELOW;
}

/** The feedback form's check: a saved star rating first, then the review text (spec 001 §5). */
export function validateFeedback(input: { review: string; responseid: number | null | undefined }): string | null {
  if (!input.responseid) return RATING_MESSAGES.feedbackNeedsRating;
  if (input.review.trim() === '') return REVIEW_MESSAGES.commentRequired;
  return null;
}

/** Pagination only when there is more than one page (spec 001 §9). */
export function showPagination(page: Pick<ReviewPage, 'num_pages'> | undefined): boolean {
  return Boolean(page && page.num_pages > 1);
}

export interface ReviewView {
  id: number;
  title: string;
  description: string;
  /** as the server gives it; 'Anonymous' when empty */
  name: string;
  date: string;
  stars: number;
  verified: boolean;
}

const text = (x: unknown) => (typeof x === 'string' ? x.trim() : '');

/** A review row by position: 1 title, 2 description, 5 verified buyer, 6 reviewer name, 7 date, 10 stars. */
export function toReview(row: ReviewRowTuple | unknown[]): ReviewView {
  const stars = Number(row[10]);
  const id = Number(row[0]);
  return {
    id: Number.isFinite(id) ? id : 0,
    title: text(row[1]),
    description: text(row[2]),
    name: text(row[6]) || 'Anonymous',
    date: text(row[7]),
    stars: Number.isFinite(stars) ? Math.max(0, Math.min(5, Math.round(stars))) : 0,
    verified: row[5] === true,
  };
}

/** Where a guest goes to log in, coming back to this page afterwards. */
export function loginPath(current: string): string {
  return `/login?next=${encodeURIComponent(current)}`;
}

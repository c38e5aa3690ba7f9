import { describe, expect, it } from 'vitest';
import type { MyRating, ReviewRowTuple } from '@/shared/api/types';
import { REVIEW_MESSAGES } from '@/shared/lib/validation';
import { productFixture } from '@/test/fixtures';
import { vectors } from '@/test/vectors';
import { extraQuestions } from './components/FeedbackForm';
import { fieldOf } from './components/ReviewModal';
import {
  RATING_MESSAGES,
  eligibilityNote,
  loginPath,
  rateBlockState,
  ratingSummary,
  showExtraQuestions,
  showPagination,
  starClick,
  toReview,
  validateFeedback,
} from './rules';

const my = (over: Partial<MyRating> = {}): MyRating => ({
  orderid: 'DRP1001',
  my_rating: 0,
  orderstatus: 'Delivered',
  ordered_by_user: true,
  ...over,
});

describe('Product Rating numbers', () => {
  const p = productFixture();
  it('shoppers see rating[0], total_ratings[0] and the percentages at [5]', () => {
    expect(ratingSummary(p, false)).toEqual({ average: 4.3, count: 57, reviews: 12, percents: [70, 16, 7, 4, 3] });
  });
  it('privileged users see rating[1], total_ratings[1] and the percentages at [4]', () => {
    expect(ratingSummary(p, true)).toEqual({ average: 4.1, count: 61, reviews: 12, percents: [66, 15, 7, 5, 7] });
  });
  it('survives missing or short arrays', () => {
    const broken = { rating: [] as unknown as [number, number], total_ratings: [3] as unknown as typeof p.total_ratings };
    expect(ratingSummary(broken, false)).toEqual({ average: 0, count: 3, reviews: 0, percents: [0, 0, 0, 0, 0] });
  });
});

describe('Rate This Product', () => {
  it('skeleton while unknown or when the rating fetch failed (null); hidden when empty; stars for guests', () => {
    expect(rateBlockState({ pending: true, loggedIn: false }, undefined)).toBe('skeleton');
    expect(rateBlockState({ pending: false, loggedIn: false }, undefined)).toBe('guest');
    expect(rateBlockState({ pending: false, loggedIn: true }, undefined)).toBe('skeleton');
    expect(rateBlockState({ pending: false, loggedIn: true }, null)).toBe('skeleton');
    expect(rateBlockState({ pending: false, loggedIn: true }, {} as MyRating)).toBe('hidden');
    expect(rateBlockState({ pending: false, loggedIn: true }, my())).toBe('ready');
  });

  it('eligibility note: Delivered and not rated yet; which note depends on ordered_by_user (spec 001 §4)', () => {
    expect(eligibilityNote(true, my())).toBe('Please rate this product first to write a review.');
    expect(eligibilityNote(true, my({ ordered_by_user: false }))).toBe('Only customers who have bought this product can review.');
    expect(eligibilityNote(true, my({ my_rating: 3 }))).toBeNull();
    expect(eligibilityNote(true, my({ orderstatus: '' }))).toBeNull();
    expect(eligibilityNote(false, my())).toBeNull();
    expect(eligibilityNote(true, null)).toBeNull();
  });

  it('a star click: guests log in, delivered buyers rate, others are told why not', () => {
    expect(starClick(false, undefined)).toEqual({ kind: 'login' });
    expect(starClick(true, my())).toEqual({ kind: 'rate', orderid: 'DRP1001' });
    expect(starClick(true, my({ my_rating: 4 }))).toEqual({ kind: 'rate', orderid: 'DRP1001' });
    expect(starClick(true, my({ ordered_by_user: false, orderid: null, orderstatus: '' }))).toEqual({
      kind: 'note',
      message: RATING_MESSAGES.buyersOnly,
    });
    expect(starClick(true, my({ orderstatus: '' }))).toEqual({ kind: 'note', message: RATING_MESSAGES.notDelivered });
  });

  it('extra questions only below 4 stars', () => {
    expect([1, 2, 3, 4, 5].map(showExtraQuestions)).toEqual([true, true, true, false, false]);
    const qs = [
      {
        text: 'How was the fit?',
        slug: 'fit',
        question_type: 'radio',
        total_rating_count: 4,
        options: [{ value: '1', label: 'Too tight' }],
        emphasis: ['1', '5'],
      },
      { text: 'Empty', slug: 'none', question_type: 'radio', total_rating_count: 0, options: [], emphasis: [] },
    ];
    expect(extraQuestions(3, qs).map((q) => q.slug)).toEqual(['fit']);
    expect(extraQuestions(4, qs)).toEqual([]);
    expect(extraQuestions(2, undefined)).toEqual([]);
  });

  it('feedback needs a saved rating first, then the review text', () => {
    expect(validateFeedback({ review: 'ok', responseid: null })).toBe('Please rate the product to write review');
    expect(validateFeedback({ review: '  ', responseid: 7 })).toBe(REVIEW_MESSAGES.commentRequired);
    expect(validateFeedback({ review: 'Snug fit', responseid: 7 })).toBeNull();
  });

  it('the login link comes back to this page', () => {
    expect(loginPath('/product/padded-bra-12?x=1')).toBe('/login?next=%2Fproduct%2Fpadded-bra-12%3Fx%3D1');
  });

  it('every review-vector message belongs to the field it names', () => {
    const fields = vectors.review.cases.filter((c) => c.expected).map((c) => [c.expected, fieldOf(c.expected!)]);
    expect(Object.fromEntries(fields)).toEqual({
      'Please enter headline': 'headline',
      'Max 60 characters allowed in heading': 'headline',
      'Please enter review': 'comment',
      'Max 100 characters allowed in review': 'comment',
      'Max 40 characters allowed in public name': 'public_name',
    });
  });
});

describe('review list rules', () => {
  it('maps a row by position: 1 title, 2 description, 6 reviewer (Anonymous when empty), 7 date, 10 stars', () => {
    const row: ReviewRowTuple = [41, ' Perfect fit ', 'Soft fabric', 'Asha', 12, true, 'asha.k', '21 Nov 2026', null, null, 5];
    expect(toReview(row)).toEqual({
      id: 41,
      title: 'Perfect fit',
      description: 'Soft fabric',
      name: 'asha.k',
      date: '21 Nov 2026',
      stars: 5,
      verified: true,
    });
    expect(toReview([42, 'x', 'y', '', 12, false, '', '1 Jan 2026', null, null, 9]).name).toBe('Anonymous');
    expect(toReview([42, 'x', 'y', '', 12, false, '  ', '', null, null, 9]).stars).toBe(5);
    expect(toReview([42, null, undefined, '', 12, 'yes', null, null, null, null, 'x']).stars).toBe(0);
  });
  it('pagination only with more than one page', () => {
    expect(showPagination({ num_pages: 1 })).toBe(false);
    expect(showPagination({ num_pages: 0 })).toBe(false);
    expect(showPagination({ num_pages: 2 })).toBe(true);
    expect(showPagination(undefined)).toBe(false);
  });
});

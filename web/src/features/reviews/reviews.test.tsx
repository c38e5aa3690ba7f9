// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me, MyRating, ReviewPage, ReviewRowTuple } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { productFixture } from '@/test/fixtures';
import { RatingsAndReviews } from './components/RatingsAndReviews';
import { RATING_MESSAGES } from './rules';

const my = (over: Partial<MyRating> = {}): MyRating => ({
  orderid: 'DRP1001',
  my_rating: 0,
  orderstatus: 'Delivered',
  ordered_by_user: true,
  ...over,
});

// ------------------------------------------------------------------ components, against a fake fetch

const guest: Me = { is_authenticated: false, user: null, wishlistCount: 0, cartCount: 0, notificationCount: 0 };
const shopper: Me = {
  is_authenticated: true,
  user: { id: 1, mobile: '9876543210', email: null, name: '', is_superuser: false, can_see_unused_stock: false },
  wishlistCount: 0,
  cartCount: 0,
  notificationCount: 0,
};

function page(n: number, pages: number, rows: ReviewRowTuple[]): ReviewPage {
  return {
    object_list: rows,
    total_reviews: 7,
    num_pages: pages,
    number: n,
    has_previous: n > 1,
    has_next: n < pages,
    previous_page_number: n > 1 ? n - 1 : null,
    next_page_number: n < pages ? n + 1 : null,
  };
}
const row = (id: number, title: string, stars = 4): ReviewRowTuple => [
  id,
  title,
  'Nice',
  '',
  12,
  true,
  '',
  '21 Nov 2026',
  null,
  null,
  stars,
];

function renderReviews() {
  return renderWithProviders(<RatingsAndReviews product={productFixture()} />, {
    route: '/product/padded-t-shirt-bra-black-12',
  });
}

describe('<RatingsAndReviews>', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a guest sees the rating and the reviews; a star asks them to log in and come back', async () => {
    serve({
      'GET /api/v1/me/': () => json(guest),
      'GET /web/api/v1/product/padded-t-shirt-bra-black-12/web-reviews/s/': (u) =>
        json(u.searchParams.get('page') === '2' ? page(2, 2, [row(3, 'Third')]) : page(1, 2, [row(1, 'First'), row(2, 'Second', 2)])),
    });
    renderReviews();
    const rating = screen.getByTestId('product-rating');
    expect(within(rating).getByTestId('rating-average').textContent).toBe('4.3');
    expect(within(rating).getByTestId('rating-count').textContent).toContain('57 ratings');
    expect(within(rating).getByText('70%')).toBeTruthy();
    expect(screen.getByTestId('review-placeholders').children).toHaveLength(5);

    await screen.findByText('First');
    expect(screen.getByText('Page 1 of 2.')).toBeTruthy();
    expect(screen.getAllByText('Anonymous')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Third');
    expect(screen.getByText('Page 2 of 2.')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Rate 4 stars' }));
    const prompt = await screen.findByRole('dialog', { name: 'Log in to rate' });
    expect(within(prompt).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?next=%2Fproduct%2Fpadded-t-shirt-bra-black-12',
    );
    expect(calls.some((c) => c.url.pathname === '/get-my-rating/')).toBe(false);
  });

  it('no pagination for one page; a failed review fetch reads as no reviews', async () => {
    serve({
      'GET /api/v1/me/': () => json(guest),
      'GET /web/api/v1/product/padded-t-shirt-bra-black-12/web-reviews/s/': () => json({ error: 'x', message: 'boom' }, 500),
    });
    renderReviews();
    // one retry (1 s) before giving up
    await screen.findByText('No reviews yet!', {}, { timeout: 4000 });
    expect(screen.queryByText(/Page \d+ of/)).toBeNull();
  });

  it('a delivered buyer rates 3 stars: form post, modal, message, fit question, feedback post', async () => {
    const feedbackQuestions = {
      f_questions_secondary: [
        {
          text: 'How was the fit?',
          slug: 'fit',
          question_type: 'radio',
          total_rating_count: 4,
          options: [
            { value: '1', label: 'Too tight' },
            { value: '3', label: 'Just right' },
            { value: '5', label: 'Too loose' },
          ],
          emphasis: ['1', '5'],
        },
      ],
      comment: 'Tell us more',
    };
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /get-my-rating/': () => json(my()),
      'GET /web/api/v1/product/padded-t-shirt-bra-black-12/web-reviews/s/': () => json(page(1, 1, [])),
      'GET /web/api/v1/product/padded-t-shirt-bra-black-12/feedback-questions/s/': () => json(feedbackQuestions),
      'POST /rating/save/': () => json({ responseid: 77 }),
      'POST /save-product-feedback/': () => json({ status: 'success' }),
      'POST /api/v1/reviews/': () => json({ status: 'success', id: 5 }),
    });
    renderReviews();
    await screen.findByText('Please rate this product first to write a review.');
    await screen.findByText('No reviews yet!');

    fireEvent.click(screen.getByRole('button', { name: 'Rate 3 stars' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a Review' });
    await screen.findAllByText('Your rating has been submitted.');
    const save = calls.find((c) => c.url.pathname === '/rating/save/')!;
    const headers = save.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(Object.fromEntries(new URLSearchParams(String(save.init.body)))).toEqual({
      rating: '3',
      pId: '12',
      orderid: 'DRP1001',
      csrfmiddlewaretoken: 'tok123',
    });
    // the modal starts at the clicked star
    expect((within(dialog).getByLabelText('3 stars') as HTMLInputElement).checked).toBe(true);

    // review: too long a headline first
    fireEvent.change(within(dialog).getByLabelText('Headline'), { target: { value: 'H'.repeat(61) } });
    fireEvent.change(within(dialog).getByLabelText('Review'), { target: { value: 'Runs small' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Max 60 characters allowed in heading');
    expect(calls.some((c) => c.url.pathname === '/api/v1/reviews/')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Headline'), { target: { value: 'Snug band' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    await screen.findByText('Review saved successfully');
    const review = calls.find((c) => c.url.pathname === '/api/v1/reviews/')!;
    expect(JSON.parse(String(review.init.body))).toEqual({
      headline: 'Snug band',
      comment: 'Runs small',
      public_name: '',
      product: 12,
      star: 3,
    });
    expect((review.init.headers as Record<string, string>)['X-CSRFToken']).toBe('tok123');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // feedback: the fit question (3 < 4), extremes emphasised
    const form = await screen.findByTestId('feedback-form');
    const fit = await within(form).findByTestId('question-fit');
    expect(within(fit).getByText('Too tight').className).toContain('rv-option--em');
    expect(within(fit).getByText('Just right').className).not.toContain('rv-option--em');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit feedback' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please enter review');
    fireEvent.click(within(fit).getByLabelText('Too tight'));
    fireEvent.change(within(form).getByLabelText('Tell us more'), { target: { value: 'Band is tight' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit feedback' }));
    await screen.findByText(RATING_MESSAGES.feedbackSaved);
    const fb = calls.find((c) => c.url.pathname === '/save-product-feedback/')!;
    expect(Object.fromEntries(new URLSearchParams(String(fb.init.body)))).toEqual({
      device: 'web',
      review: 'Band is tight',
      fit: '1',
      productid: '12',
      orderid: 'DRP1001',
      responseid: '77',
      csrfmiddlewaretoken: 'tok123',
    });
    expect(screen.queryByTestId('feedback-form')).toBeNull();
  });

  it('4 stars and up: no extra questions; a failed review save toasts Something Went Wrong', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /get-my-rating/': () => json(my({ my_rating: 5 })),
      'GET /web/api/v1/product/padded-t-shirt-bra-black-12/web-reviews/s/': () => json(page(1, 1, [])),
      'GET /web/api/v1/product/padded-t-shirt-bra-black-12/feedback-questions/s/': () =>
        json({
          f_questions_secondary: [
            {
              text: 'How was the fit?',
              slug: 'fit',
              question_type: 'radio',
              total_rating_count: 0,
              options: [{ value: '1', label: 'Too tight' }],
              emphasis: [],
            },
          ],
          comment: 'Tell us more',
        }),
      'POST /rating/save/': () => json({ responseid: 9 }),
      'POST /api/v1/reviews/': () => new Response('oops', { status: 500 }),
    });
    renderReviews();
    expect(await screen.findByRole('button', { name: 'Write a Review' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rate 4 stars' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a Review' });
    fireEvent.change(within(dialog).getByLabelText('Headline'), { target: { value: 'Good' } });
    fireEvent.change(within(dialog).getByLabelText('Review'), { target: { value: 'Comfy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toContain('Something Went Wrong');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const form = await screen.findByTestId('feedback-form');
    await within(form).findByLabelText('Tell us more');
    expect(within(form).queryByTestId('question-fit')).toBeNull();
  });

  it('a shopper who did not buy it gets the note instead of the modal', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /get-my-rating/': () => json(my({ orderid: null, orderstatus: '', ordered_by_user: false })),
      'GET /web/api/v1/product/padded-t-shirt-bra-black-12/web-reviews/s/': () => json(page(1, 1, [])),
    });
    renderReviews();
    fireEvent.click(await screen.findByRole('button', { name: 'Rate 5 stars' }));
    await screen.findByText('Only customers who have bought this product can review.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/rating/save/')).toBe(false);
  });

  it('an empty rating answer hides the rating interaction; a failed one leaves the skeleton', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /get-my-rating/': () => json({}),
      'GET /web/api/v1/product/padded-t-shirt-bra-black-12/web-reviews/s/': () => json(page(1, 1, [])),
    });
    const first = renderReviews();
    await screen.findByText('No reviews yet!');
    await waitFor(() => expect(screen.queryByTestId('rate-product')).toBeNull());
    first.unmount();

    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /get-my-rating/': () => json({ error: 'x', message: 'down' }, 503),
      'GET /web/api/v1/product/padded-t-shirt-bra-black-12/web-reviews/s/': () => json(page(1, 1, [])),
    });
    renderReviews();
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/get-my-rating/')).toHaveLength(2), {
      timeout: 4000,
    });
    await screen.findByText('No reviews yet!');
    expect(screen.getByLabelText('Loading your rating')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Rate \d stars?/ })).toBeNull();
  });
});

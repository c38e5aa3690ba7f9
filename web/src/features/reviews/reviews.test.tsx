// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me, MyRating, ReviewPage, ReviewRowTuple } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve } from '@/test/fake-api';
import { meFixture, productFixture } from '@/test/fixtures';
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

const guest: Me = meFixture();
const shopper: Me = {
  is_authenticated: true,
  user: { id: 1, mobile: '9876543210', email: null, name: '', is_superuser: false, can_see_unused_stock: false },
  wishlistCount: 0,
  cartCount: 0,
  notificationCount: 0,
  buy_now_login_prompt: false,
  image_quality: 80,
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

  it('a delivered buyer rates 3 stars: one sheet asks the fit question and the review once, and ends with one thank-you', async () => {
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
    // the feedback form does not wait behind the sheet
    expect(screen.queryByTestId('feedback-form')).toBeNull();

    // rating, then the fit question (3 < 4, extremes emphasised), then the review: in that order, in the sheet
    const fit = await within(dialog).findByTestId('question-fit');
    expect(within(fit).getByText('Too tight').className).toContain('rv-option--em');
    expect(within(fit).getByText('Just right').className).not.toContain('rv-option--em');
    expect(fit.compareDocumentPosition(within(dialog).getByLabelText('Headline')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(fit).getByLabelText('Too tight'));

    // review: too long a headline first
    fireEvent.change(within(dialog).getByLabelText('Headline'), { target: { value: 'H'.repeat(61) } });
    fireEvent.change(within(dialog).getByLabelText('Review'), { target: { value: 'Runs small' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Max 60 characters allowed in heading');
    expect(calls.some((c) => c.url.pathname === '/api/v1/reviews/')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Headline'), { target: { value: 'Snug band' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));

    // one ending: the sheet thanks the shopper; no toast, and nothing is asked again
    const thanks = await within(dialog).findByTestId('review-thanks');
    expect(thanks.textContent).toContain(RATING_MESSAGES.reviewSaved);
    expect(within(dialog).queryByTestId('question-fit')).toBeNull();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(document.getElementById('toast-success')).toBeNull();
    const review = calls.find((c) => c.url.pathname === '/api/v1/reviews/')!;
    expect(JSON.parse(String(review.init.body))).toEqual({
      headline: 'Snug band',
      comment: 'Runs small',
      public_name: '',
      product: 12,
      star: 3,
    });
    expect((review.init.headers as Record<string, string>)['X-CSRFToken']).toBe('tok123');
    // the rating's feedback goes with it: the review's words and the answer given in the sheet
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/save-product-feedback/')).toHaveLength(1));
    const fb = calls.find((c) => c.url.pathname === '/save-product-feedback/')!;
    expect(Object.fromEntries(new URLSearchParams(String(fb.init.body)))).toEqual({
      device: 'web',
      review: 'Runs small',
      fit: '1',
      productid: '12',
      orderid: 'DRP1001',
      responseid: '77',
      csrfmiddlewaretoken: 'tok123',
    });

    fireEvent.click(within(thanks).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('feedback-form')).toBeNull();
    expect(screen.queryByText(RATING_MESSAGES.feedbackSaved)).toBeNull();
    expect(screen.queryByText('A few words on how it fits and feels.')).toBeNull();
  });

  it('4 stars and up: no extra questions; a failed review save says so above the button, not in a toast', async () => {
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
    const error = await within(dialog).findByTestId('review-error', {}, { timeout: 2000 });
    expect(error.textContent).toContain('Something Went Wrong');
    expect(error.nextElementSibling).toBe(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect(document.getElementById('toast-warning')).toBeNull();
    expect(within(dialog).queryByTestId('question-fit')).toBeNull();
    // closed without a review: the feedback form under the stars still takes the rating's feedback
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const form = await screen.findByTestId('feedback-form');
    await within(form).findByLabelText('Tell us more');
    expect(within(form).queryByTestId('question-fit')).toBeNull();
  });

  it("the server's refusal of a field shows under that field (Public name), not in a toast over it", async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /get-my-rating/': () => json(my({ my_rating: 5 })),
      'GET /web/api/v1/product/padded-t-shirt-bra-black-12/web-reviews/s/': () => json(page(1, 1, [])),
      'POST /api/v1/reviews/': () =>
        json(
          {
            error: 'invalid_field',
            message: 'Please choose another public name.',
            fields: { public_name: 'Please choose another public name.' },
          },
          400,
        ),
    });
    renderReviews();
    fireEvent.click(await screen.findByRole('button', { name: 'Write a Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a Review' });
    fireEvent.change(within(dialog).getByLabelText('Headline'), { target: { value: 'Good' } });
    fireEvent.change(within(dialog).getByLabelText('Review'), { target: { value: 'Comfy' } });
    fireEvent.change(within(dialog).getByLabelText(/Public name/), { target: { value: 'Admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    const name = within(dialog).getByLabelText(/Public name/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const err = within(dialog).getByRole('alert');
    expect(err.textContent).toBe('Please choose another public name.');
    expect(name.getAttribute('aria-describedby')).toContain(err.id);
    expect(document.activeElement).toBe(name);
    expect(document.getElementById('toast-warning')).toBeNull();
    // only the field at fault is marked
    const headline = within(dialog).getByLabelText('Headline');
    expect(headline.getAttribute('aria-invalid')).toBeNull();
  });

  it('a star that does not save is said under the stars in the sheet, not in a toast over it', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /get-my-rating/': () => json(my()),
      'GET /web/api/v1/product/padded-t-shirt-bra-black-12/web-reviews/s/': () => json(page(1, 1, [])),
      'POST /rating/save/': () => json({ error: 'rate_limited', message: 'Too many ratings. Please try again later.' }, 429),
    });
    renderReviews();
    fireEvent.click(await screen.findByRole('button', { name: 'Rate 2 stars' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a Review' });
    const stars = within(dialog).getByRole('group', { name: 'Your rating' });
    await waitFor(() => expect(within(stars).getByRole('alert').textContent).toBe('Too many ratings. Please try again later.'));
    expect(document.getElementById('toast-warning')).toBeNull();
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

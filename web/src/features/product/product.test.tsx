// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { productFixture, sizeFixture, sizesFixture } from '@/test/fixtures';
import { allSoldOut, SOLD_OUT_SIZES, toProductSizes } from './api/get-sizes';
import { swipeDirection, wrapIndex } from './components/Gallery';
import { ProductView } from './components/ProductView';
import { ratingView } from './components/Rating';
import { SizePicker } from './components/SizePicker';
import { productTag } from './product-tag';

function wrap(ui: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('sizes answer', () => {
  it('a non-success status means sold out with no sizes (spec 001 §8)', () => {
    const res = { ...sizesFixture([sizeFixture('32B', 3)]), status: 'error' };
    expect(toProductSizes(res)).toEqual(SOLD_OUT_SIZES);
    expect(toProductSizes(null)).toEqual(SOLD_OUT_SIZES);
    expect(allSoldOut(SOLD_OUT_SIZES)).toBe(true);
  });
  it('is sold out when every size has nothing to buy', () => {
    expect(allSoldOut(toProductSizes(sizesFixture([sizeFixture('32B', 0), sizeFixture('34B', 0)])))).toBe(true);
    expect(allSoldOut(toProductSizes(sizesFixture([sizeFixture('32B', 0), sizeFixture('34B', 2)])))).toBe(false);
  });
});

describe('product tag priority', () => {
  it('Sold Out only for a sold-out product with an offer tag, then Selling Fast, Beginners, Pre Order, New, Cotton', () => {
    const p = productFixture();
    expect(productTag(p, true)).toBe('Sold Out');
    expect(productTag({ ...p, offer_tag: '' }, true)).toBe('Selling Fast');
    expect(productTag({ ...p, speed: 19 }, false)).toBe('New');
    expect(productTag({ ...p, speed: 5, all_category_with_parents: [2] }, false)).toBe('Selling Fast');
    expect(productTag({ ...p, speed: 1.5, all_category_with_parents: [4] }, false)).toBe('Selling Fast');
    expect(productTag({ ...p, speed: 0, beginner: true, preorder: true }, false)).toBe('Beginners');
    expect(productTag({ ...p, speed: 0, preorder: true }, false)).toBe('Pre Order');
    expect(productTag({ ...p, speed: 0, newarrivals: false, has_cotton_label: true }, false)).toBe('Cotton');
    expect(productTag({ ...p, speed: 0, newarrivals: false }, false)).toBeNull();
  });
});

describe('gallery swipe', () => {
  it('needs more than 80 px across and under 50 px of drift; wraps at both ends', () => {
    expect(swipeDirection(-81, 10)).toBe(1);
    expect(swipeDirection(81, -49)).toBe(-1);
    expect(swipeDirection(-80, 0)).toBe(0);
    expect(swipeDirection(-200, 50)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
  });
});

describe('rating view', () => {
  it('shoppers see index 0 and 5, privileged users index 1 and 4', () => {
    const p = productFixture();
    expect(ratingView(p, false)).toEqual({ average: 4.3, count: 57, reviews: 12, percents: [70, 16, 7, 4, 3] });
    expect(ratingView(p, true)).toEqual({ average: 4.1, count: 61, reviews: 12, percents: [66, 15, 7, 5, 7] });
  });
});

describe('SizePicker', () => {
  it('disables sold-out sizes and shows urgency labels', () => {
    const sizes = toProductSizes(sizesFixture([sizeFixture('32B', 3), sizeFixture('34B', 0), sizeFixture('36B', 5, { urgency_message: '' })]));
    wrap(<SizePicker sizes={sizes} />);
    expect(screen.getByRole('radio', { name: '34B, sold out' })).toHaveProperty('disabled', true);
    const b32 = screen.getByRole('radio', { name: '32B' });
    expect(b32).toHaveProperty('disabled', false);
    expect(screen.getByText('3 left')).toBeTruthy();
    fireEvent.click(b32);
    expect(b32.getAttribute('aria-checked')).toBe('true');
  });

  it('shows the two combo groups under their type labels', () => {
    const sizes = {
      ok: true,
      sizes: [],
      comboGroups: [
        { type: 'Bra', sizes: [sizeFixture('34B', 2)] },
        { type: 'Panty', sizes: [sizeFixture('M', 0)] },
      ],
    };
    wrap(<SizePicker sizes={sizes} />);
    expect(within(screen.getByRole('radiogroup', { name: 'Bra size' })).getByRole('radio', { name: '34B' })).toBeTruthy();
    expect(within(screen.getByRole('radiogroup', { name: 'Panty size' })).getByRole('radio', { name: 'M, sold out' })).toBeTruthy();
  });

  it('shows nothing when the sizes call failed', () => {
    const { container } = wrap(<SizePicker sizes={SOLD_OUT_SIZES} />);
    expect(container.textContent).toBe('');
  });
});

describe('ProductView', () => {
  it('shows name, prices, offer, colours (sold-out labelled), description and makers', () => {
    const sizes = toProductSizes(sizesFixture([sizeFixture('32B', 3)]));
    wrap(<ProductView product={productFixture()} sizes={sizes} privileged={false} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Padded T-shirt Bra' })).toBeTruthy();
    const price = screen.getByTestId('price');
    expect(price.textContent).toContain('₹799');
    expect(price.querySelector('s')!.textContent).toContain('₹1,299');
    expect(price.textContent).toContain('38% OFF');
    expect(screen.getByText('Buy 3 for ₹1,499')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nude, currently unavailable' })).toBeTruthy();
    expect(screen.getByText('currently unavailable')).toBeTruthy();
    expect(screen.getByText('moulded').tagName).toBe('STRONG');
    expect(screen.getByText('Drape Apparel Pvt Ltd, Bengaluru')).toBeTruthy();
    expect(screen.getByText('India')).toBeTruthy();
    expect(screen.queryByTestId('out-of-stock')).toBeNull();
    // no pretend add-to-cart
    expect(screen.queryByRole('button', { name: /add to (cart|bag)/i })).toBeNull();
  });

  it('marks the product out of stock when the sizes call failed', () => {
    wrap(<ProductView product={productFixture()} sizes={SOLD_OUT_SIZES} privileged={false} />);
    expect(screen.getByTestId('out-of-stock').textContent).toBe('Product Out of stock');
    expect(screen.queryByTestId('sizes')).toBeNull();
  });

  it('opens the size chart in a modal with an In/Cm toggle', () => {
    const sizes = toProductSizes(sizesFixture([sizeFixture('32B', 3)]));
    wrap(<ProductView product={productFixture()} sizes={sizes} privileged={false} />);
    fireEvent.click(screen.getByRole('button', { name: /size chart/i }));
    const dialog = screen.getByRole('dialog', { name: 'Find your Size' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/media/size-charts/bra-in.svg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cm' }));
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/media/size-charts/bra-cm.svg');
  });
});

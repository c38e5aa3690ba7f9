import { describe, expect, it } from 'vitest';
import { productFixture, sizeFixture, sizesFixture } from '@/test/fixtures';
import type { LastPurchasedSizes } from '@/shared/api/types';
import { toProductSizes, type ProductSizes } from './api/get-sizes';
import { skuCategory } from '@/shared/lib/events';
import { viewItem } from './analytics';
import { bandSize, braSize, BRA_CALC_MESSAGES, isBraSku } from './bra-size';
import { braVectors } from '@/test/vectors';
import { NOTIFY_MESSAGES, phoneDigits, validateNotify } from './notify';
import { isOfferApplied, offerHref, truncateOffer } from './offers';
import {
  autoSelection,
  capAfterAdd,
  capFromRefusal,
  capNote,
  capRoom,
  cartItem,
  choiceKey,
  choiceValue,
  initialPurchase,
  lastPurchasedFor,
  loneFreeSize,
  maxQuantity,
  missingSizeMessage,
  purchaseReducer,
  requestableSizes,
  SIZE_REQUIRED,
  stepQuantity,
} from './purchase';
import { countdown, safeColour } from './timer';
import { clampPan, clampZoom, doubleTapZoom, pinchZoom, ZOOM_MAX } from './zoom';

const plain = (...sizes: Parameters<typeof sizeFixture>[]) => toProductSizes(sizesFixture(sizes.map((s) => sizeFixture(...s))));
const combo: ProductSizes = {
  ok: true,
  cart: null,
  sizes: [],
  comboGroups: [
    { type: 'Bra', sizes: [sizeFixture('34B', 3), sizeFixture('36B', 0)] },
    { type: 'Panty', sizes: [sizeFixture('M', 2), sizeFixture('S', 0)] },
  ],
};
const lp = (over: Partial<LastPurchasedSizes> = {}): LastPurchasedSizes => ({
  status: 'success',
  bra_size1: '',
  panty_size: '',
  nightwear_size: '',
  activewear_size: '',
  ...over,
});

describe('size choice and the cart call', () => {
  it("uses the size for ordinary products and 'combo' once both combo parts are chosen", () => {
    expect(choiceValue(plain(['32B', 3]), { size: '32B' })).toBe('32B');
    expect(choiceValue(plain(['32B', 3]), {})).toBeNull();
    expect(choiceValue(combo, { combo1: '34B' })).toBeNull();
    expect(choiceValue(combo, { combo1: '34B', combo2: 'M' })).toBe('combo');
  });

  it("names the missing size: 'Please Select Size...' or the combo part's type", () => {
    expect(missingSizeMessage(plain(['32B', 3]), {})).toBe(SIZE_REQUIRED);
    expect(SIZE_REQUIRED).toBe('Please Select Size...');
    expect(missingSizeMessage(plain(['32B', 3]), { size: '32B' })).toBeNull();
    expect(missingSizeMessage(combo, {})).toBe('Please Select Bra size');
    expect(missingSizeMessage(combo, { combo1: '34B' })).toBe('Please Select Panty size');
    expect(missingSizeMessage(combo, { combo2: 'M' })).toBe('Please Select Bra size');
    expect(missingSizeMessage(combo, { combo1: '34B', combo2: 'M' })).toBeNull();
  });

  it('builds the POST /api/v3/cart-items/ body', () => {
    const p = productFixture();
    expect(cartItem(p, plain(['32B', 3]), { size: '32B' }, 2)).toEqual({
      cart: null,
      product: 12,
      quantity: 2,
      size: '32B',
      combo_sizes: null,
    });
    expect(cartItem(p, combo, { combo1: '34B', combo2: 'M' }, 1)).toEqual({
      cart: null,
      product: 12,
      quantity: 1,
      size: 'combo',
      combo_sizes: { combo1: '34B', combo2: 'M' },
    });
  });
});

describe('quantity stepper', () => {
  it('goes from 1 up to the available quantity; minus only above 1', () => {
    expect(stepQuantity(1, -1, 5)).toBe(1);
    expect(stepQuantity(2, -1, 5)).toBe(1);
    expect(stepQuantity(4, 1, 5)).toBe(5);
    expect(stepQuantity(5, 1, 5)).toBe(5);
  });
  it('caps at max_cart_items before the stock check, then at the stock', () => {
    expect(maxQuantity(5, null)).toBe(5);
    expect(maxQuantity(5, 3)).toBe(3);
    expect(maxQuantity(5, 40)).toBe(5);
    expect(maxQuantity(0, null)).toBe(1);
  });
});

describe("the product's cap over the cart (max_cart_items across sizes, spec 001 §9)", () => {
  it("reads the server's refusal; any other message is not about the cap", () => {
    expect(capFromRefusal('You can buy at most 5 of this product, and 3 already in your cart')).toEqual({ max: 5, inCart: 3 });
    expect(capFromRefusal('You can add at most 5 of this product')).toEqual({ max: 5, inCart: 0 });
    expect(capFromRefusal('Only 2 left in this size, and 1 already in your cart')).toBeNull();
    expect(capFromRefusal('Something Went Wrong')).toBeNull();
  });
  it('counts pieces added on the page, from what a refusal said or from none', () => {
    expect(capAfterAdd(null, 5, 2)).toEqual({ max: 5, inCart: 2 });
    expect(capAfterAdd({ max: 4, inCart: 1 }, 5, 2)).toEqual({ max: 4, inCart: 3 });
  });
  it('room and the note by the stepper: reached, only a few more, or nothing to say', () => {
    expect(capRoom(null)).toBeNull();
    expect(capRoom({ max: 5, inCart: 7 })).toBe(0);
    expect(capNote({ max: 5, inCart: 5 }, 1)).toBe('Limit reached: at most 5 of this product');
    expect(capNote({ max: 5, inCart: 3 }, 2)).toBe('At most 5 of this product: 3 already in your cart');
    expect(capNote({ max: 5, inCart: 3 }, 1)).toBeNull();
    expect(capNote(null, 5)).toBeNull();
  });
  it('a lower limit clamps the chosen quantity, never below 1', () => {
    const at4 = { ...initialPurchase, quantity: 4 };
    expect(purchaseReducer(at4, { type: 'clamp', max: 2 }).quantity).toBe(2);
    expect(purchaseReducer(at4, { type: 'clamp', max: 0 }).quantity).toBe(1);
    expect(purchaseReducer(at4, { type: 'clamp', max: 5 })).toBe(at4);
  });
});

describe('auto-selection', () => {
  const bra = productFixture({ all_category_with_parents: [1, 101] });

  it('chooses sizes flagged is_auto_select_size (in stock only)', () => {
    const s = plain(['32B', 3], ['34B', 3, { is_auto_select_size: true }]);
    expect(autoSelection(s, bra, lp({ bra_size1: '32B' }))).toEqual({ selection: { size: '34B' }, suggested: null });
    const out = plain(['32B', 3], ['34B', 0, { is_auto_select_size: true }]);
    expect(autoSelection(out, bra, null).selection).toEqual({});
  });

  it('otherwise suggests the last-purchased size of the category (1, 2, 4, 253)', () => {
    const s = plain(['32B', 3], ['34B', 3]);
    expect(autoSelection(s, bra, lp({ bra_size1: '34b' }))).toEqual({ selection: { size: '34B' }, suggested: '34B' });
    expect(autoSelection(s, bra, lp({ panty_size: '34B' })).selection).toEqual({});
    expect(autoSelection(s, productFixture({ all_category_with_parents: [300] }), lp({ bra_size1: '34B' })).selection).toEqual({});
    // a sold-out match is not chosen
    expect(autoSelection(plain(['34B', 0]), bra, lp({ bra_size1: '34B' })).selection).toEqual({});
  });

  it('maps categories to the last-purchased fields', () => {
    const all = lp({ bra_size1: '34B', panty_size: 'M', nightwear_size: 'L', activewear_size: 'S' });
    expect(lastPurchasedFor([1], all)).toBe('34B');
    expect(lastPurchasedFor([2, 201], all)).toBe('M');
    expect(lastPurchasedFor([4], all)).toBe('L');
    expect(lastPurchasedFor([253], all)).toBe('S');
    expect(lastPurchasedFor([300], all)).toBe('');
    expect(lastPurchasedFor([1], null)).toBe('');
  });

  it('finds a lone FREE-SIZE with stock', () => {
    expect(loneFreeSize(plain(['FREE-SIZE', 4]))).toBe('FREE-SIZE');
    expect(loneFreeSize(plain(['Free Size', 4]))).toBe('Free Size');
    expect(loneFreeSize(plain(['FREE-SIZE', 0]))).toBeUndefined();
    expect(loneFreeSize(plain(['FREE-SIZE', 4], ['M', 3]))).toBeUndefined();
    expect(loneFreeSize(plain(['M', 3]))).toBeUndefined();
  });

  it('leaves combos to their flagged parts', () => {
    const flagged: ProductSizes = {
      ...combo,
      comboGroups: [
        { type: 'Bra', sizes: [sizeFixture('34B', 3, { is_auto_select_size: true })] },
        { type: 'Panty', sizes: [sizeFixture('M', 2)] },
      ],
    };
    expect(autoSelection(flagged, bra, lp({ bra_size1: '34B' })).selection).toEqual({ combo1: '34B' });
  });
});

describe('purchase reducer', () => {
  it('a stock check of 0 marks the choice sold out; otherwise sets what is available', () => {
    let s = purchaseReducer(initialPurchase, { type: 'pick', slot: 'size', value: '32B' });
    expect(s.touched).toBe(true);
    s = purchaseReducer(s, { type: 'stock', choiceKey: choiceKey({ size: '32B' }), quantity: 0, maxCartItems: 5 });
    expect(s.soldOut).toBe(true);
    s = purchaseReducer(s, { type: 'pick', slot: 'size', value: '34B' });
    expect(s.soldOut).toBe(false);
    s = purchaseReducer(s, { type: 'stock', choiceKey: choiceKey({ size: '34B' }), quantity: 2, maxCartItems: 5 });
    expect(s.available).toBe(2);
    s = purchaseReducer(s, { type: 'step', delta: 1, max: maxQuantity(5, s.available) });
    s = purchaseReducer(s, { type: 'step', delta: 1, max: maxQuantity(5, s.available) });
    expect(s.quantity).toBe(2);
    s = purchaseReducer(s, { type: 'step', delta: -1, max: 2 });
    s = purchaseReducer(s, { type: 'step', delta: -1, max: 2 });
    expect(s.quantity).toBe(1);
  });

  it('ignores a late stock answer for an earlier choice', () => {
    let s = purchaseReducer(initialPurchase, { type: 'pick', slot: 'size', value: '34B' });
    s = purchaseReducer(s, { type: 'stock', choiceKey: choiceKey({ size: '32B' }), quantity: 0, maxCartItems: 5 });
    expect(s.soldOut).toBe(false);
  });

  it('keeps both combo parts and resets to the defaults', () => {
    let s = purchaseReducer(initialPurchase, { type: 'pick', slot: 'combo1', value: '34B' });
    s = purchaseReducer(s, { type: 'pick', slot: 'combo2', value: 'M' });
    expect(s.selection).toEqual({ combo1: '34B', combo2: 'M' });
    const r = purchaseReducer(s, { type: 'reset' });
    expect(r.selection).toEqual({});
    expect(r.quantity).toBe(1);
    expect(r.generation).toBe(1);
  });

  it('auto-selection never overrides what the shopper chose', () => {
    const picked = purchaseReducer(initialPurchase, { type: 'pick', slot: 'size', value: '32B' });
    expect(purchaseReducer(picked, { type: 'pick', slot: 'size', value: 'FREE-SIZE', auto: true })).toBe(picked);
    expect(purchaseReducer(picked, { type: 'auto', auto: { selection: { size: '34B' }, suggested: '34B' } })).toBe(picked);
    const auto = purchaseReducer(initialPurchase, { type: 'auto', auto: { selection: { size: '34B' }, suggested: '34B' } });
    expect(auto.suggested).toBe('34B');
    expect(auto.touched).toBe(false);
  });

  it('notify-me offers the sold-out sizes, or every size when nothing can be bought', () => {
    expect(requestableSizes(plain(['32B', 3], ['34B', 0]), false).map((s) => s.value)).toEqual(['34B']);
    expect(requestableSizes(plain(['32B', 3], ['34B', 0]), true).map((s) => s.value)).toEqual(['32B', '34B']);
    expect(requestableSizes(combo, false).map((s) => s.label)).toEqual(['Bra 36B', 'Panty S']);
    expect(requestableSizes(undefined, true)).toEqual([]);
  });
});

describe('offers', () => {
  it('truncates the message to 24 characters plus an ellipsis', () => {
    expect(truncateOffer('Any 2 for ₹1,499')).toBe('Any 2 for ₹1,499');
    expect(truncateOffer('123456789012345678901234')).toBe('123456789012345678901234');
    expect(truncateOffer('1234567890123456789012345')).toBe('123456789012345678901234…');
    expect(truncateOffer('Buy any 3 bras and get the 4th free')).toBe('Buy any 3 bras and get t…');
    expect(truncateOffer('Buy any 3 bras and get 1 free')).toBe('Buy any 3 bras and get 1…');
  });
  it('the applied action opens the cart once the cart quantity reaches the count, else the offer url', () => {
    expect(offerHref({ qty: 2, count: 2, url: '/offer/bra-2' })).toBe('/view-cart/');
    expect(offerHref({ qty: 3, count: 2, url: '/offer/bra-2' })).toBe('/view-cart/');
    expect(offerHref({ qty: 1, count: 2, url: '/offer/bra-2' })).toBe('/offer/bra-2');
    expect(isOfferApplied({ qty: 0, count: 0 })).toBe(false);
  });
});

describe('countdown timer', () => {
  const t = { starts_at_ms: 1_000_000, ends_at_ms: 1_000_000 + 2 * 86_400_000 + 3_723_000 };
  it('shows only between start and end', () => {
    expect(countdown(t, 999_999)).toBeNull();
    expect(countdown(t, t.ends_at_ms)).toBeNull();
    expect(countdown(t, t.starts_at_ms)).toEqual({ days: 2, hours: 1, minutes: 2, seconds: 3, showDays: true });
  });
  it('hides the days box under one day', () => {
    const c = countdown(t, t.ends_at_ms - 86_399_000)!;
    expect(c).toEqual({ days: 0, hours: 23, minutes: 59, seconds: 59, showDays: false });
  });
  it('accepts only hex colours from the server', () => {
    expect(safeColour('#5b1a3a', '#000')).toBe('#5b1a3a');
    expect(safeColour('red;background:url(x)', '#000')).toBe('#000');
    expect(safeColour('', '#fff')).toBe('#fff');
  });
});

describe('bra size calculator', () => {
  it('shows only for SKUs starting with BR', () => {
    expect(isBraSku('BR1001-CRL')).toBe(true);
    expect(isBraSku('PN2001-BLK')).toBe(false);
    expect(isBraSku('CB1043-NVY')).toBe(false);
  });
  it('band: under-bust plus about 4 in, to the even size; half-inch boundaries go up', () => {
    expect(bandSize(28.5)).toBe(32);
    expect(bandSize(29.49)).toBe(32);
    expect(bandSize(29.5)).toBe(34);
    expect(bandSize(30.5)).toBe(34);
    expect(bandSize(31.49)).toBe(34);
    expect(bandSize(31.5)).toBe(36);
  });
  it('every row of the size chart, typed in, answers that row (the chart the issue found wrong)', () => {
    expect(braSize(30.5, 36, 'in')).toMatchObject({ ok: true, size: '34B' });
    expect(braSize(34, 39, 'in')).toMatchObject({ ok: true, size: '38A' });
    expect(braSize(32, 41, 'in')).toMatchObject({ ok: true, size: '36DD/E', candidates: ['36DD', '36E'] });
    for (const row of braVectors.chart) {
      expect(braSize(row.underbust_in, row.bust_in, 'in'), row.size).toMatchObject({ ok: true, size: row.size });
      expect(braSize(row.underbust_cm, row.bust_cm, 'cm'), `${row.size} in cm`).toMatchObject({ ok: true, size: row.size });
    }
  });
  it('answers every case of the shared vectors as the size table does', () => {
    const why: Record<string, string> = {
      Missing: BRA_CALC_MESSAGES.missing,
      UnderbustRange: BRA_CALC_MESSAGES.underbustRange,
      BustSmaller: BRA_CALC_MESSAGES.bustSmaller,
      OutOfRange: BRA_CALC_MESSAGES.outOfRange,
    };
    expect(braVectors.cases_in_inches.length).toBeGreaterThan(500);
    for (const [ub, bust, answer] of braVectors.cases_in_inches) {
      const got = braSize(ub, bust, 'in');
      const want = why[answer] ? { ok: false, error: why[answer] } : { ok: true, size: answer };
      expect(got, `${ub} / ${bust}`).toMatchObject(want);
    }
  });
  it('rejects impossible measurements', () => {
    expect(braSize(0, 34, 'in')).toEqual({ ok: false, error: BRA_CALC_MESSAGES.missing });
    expect(braSize(NaN, 34, 'in')).toEqual({ ok: false, error: BRA_CALC_MESSAGES.missing });
    expect(braSize(34, 33, 'in')).toEqual({ ok: false, error: BRA_CALC_MESSAGES.bustSmaller });
    expect(braSize(12, 33, 'in')).toEqual({ ok: false, error: BRA_CALC_MESSAGES.underbustRange });
    expect(braSize(30, 45, 'in')).toEqual({ ok: false, error: BRA_CALC_MESSAGES.outOfRange });
  });
});

describe('notify-me validation', () => {
  it('keeps the phone to 10 digits', () => {
    expect(phoneDigits('98-765 43210xx')).toBe('9876543210');
    expect(phoneDigits('+91 98765 43210')).toBe('9876543210');
    expect(phoneDigits('098765 43210')).toBe('9876543210');
    expect(phoneDigits('12345678901234')).toBe('1234567890');
  });
  it('needs a valid e-mail and 10-digit phone unless an e-mail is on file', () => {
    expect(validateNotify({ email: 'asha@example.com', phone: '9876543210' }, false)).toEqual({});
    expect(validateNotify({ email: 'asha@', phone: '9876543210' }, false)).toEqual({ email: NOTIFY_MESSAGES.email });
    expect(validateNotify({ email: 'asha@example.com', phone: '98765' }, false)).toEqual({ phone: NOTIFY_MESSAGES.phone });
    expect(validateNotify({ email: '', phone: '' }, true)).toEqual({});
    expect(NOTIFY_MESSAGES).toEqual({
      email: 'Provide a valid email address',
      phone: 'Please enter your 10 digit phone number',
    });
  });
});

describe('view_item event', () => {
  it('carries id, name, INR, up to three breadcrumb categories, rupees, quantity 1 and the sku category', () => {
    const p = productFixture({
      sku: 'BR1001-CRL',
      parent_sku: 'BR1001',
      slug: 'padded-t-shirt-bra-black-12',
      categories: [
        { id: 1, name: 'Bras', slug: 'bras' },
        { id: 101, name: 'T-Shirt Bras', slug: 't-shirt-bras' },
        { id: 102, name: 'Padded', slug: 'padded' },
        { id: 103, name: 'Extra', slug: 'extra' },
      ],
    });
    expect(viewItem(p)).toEqual({
      currency: 'INR',
      value: 799,
      items: [
        {
          item_id: 'BR1001-CRL',
          item_name: 'Padded T-shirt Bra',
          item_category: 'Bras',
          item_category2: 'T-Shirt Bras',
          item_category3: 'Padded',
          item_category4: 'BR',
          item_variant: 'Black',
          price: 799,
          quantity: 1,
        },
      ],
    });
    expect(skuCategory('cb1043-nvy')).toBe('CB');
  });
});

describe('zoom', () => {
  it('stays between 1 and 8', () => {
    expect(clampZoom(0.2)).toBe(1);
    expect(clampZoom(20)).toBe(ZOOM_MAX);
    expect(pinchZoom(2, 100, 300)).toBe(6);
    expect(pinchZoom(4, 100, 400)).toBe(8);
    expect(pinchZoom(2, 100, 10)).toBe(1);
  });
  it('double-tap toggles, and a zoomed image cannot be dragged off its box', () => {
    expect(doubleTapZoom(1)).toBe(3);
    expect(doubleTapZoom(4)).toBe(1);
    expect(clampPan(500, -500, 2, 400, 600)).toEqual({ x: 200, y: -300 });
    expect(clampPan(10, 10, 1, 400, 600)).toEqual({ x: 0, y: 0 });
  });
});

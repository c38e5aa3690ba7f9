import { describe, expect, it } from 'vitest';
import { withLineQuantity } from './api/cart-mutations';
import {
  couponWarning,
  giftOrderValue,
  giftState,
  increaseHint,
  isEmptyCart,
  lineSizeText,
  NO_MORE_AVAILABLE,
  outOfStockProductIds,
  priceSummaryRows,
  quantityBounds,
  savingsText,
  affiliateWarning,
  upgradeState,
} from './cart';
import type { UpgradeOfferValues, UpgradeOption } from '@/shared/api/types';
import { attrFixture, cartFixture, freeGiftFixture, lineFixture, paidGiftFixture } from './cart.fixtures';

describe('price summary rows', () => {
  it('MRP, discount on MRP, each bundle, shipping FREE and the total (the demo cart of two T-shirt bras)', () => {
    const rows = priceSummaryRows(attrFixture());
    expect(rows.map((r) => [r.key, r.label, r.value])).toEqual([
      ['mrp', 'Total MRP (2 items)', '₹2,300'],
      ['mrp-discount', 'Discount on MRP', '−₹702'],
      ['bundle-bra-2-for-1499', 'Any 2 T-shirt bras for ₹1,499', '−₹99'],
      ['shipping', 'Shipping', 'FREE'],
      ['total', 'Total amount', '₹1,499'],
    ]);
    expect(rows.find((r) => r.key === 'shipping')?.tone).toBe('free');
  });

  it('adds the coupon, gift wrap and gifts when present, and charged shipping', () => {
    const rows = priceSummaryRows(
      attrFixture({
        pieces: 1,
        coupon_code: 'BRA15',
        coupon_discount: 22485,
        coupon_discount_ui: '₹224.85',
        gift_wrap: true,
        gift_wrap_charge: 4900,
        gift_wrap_charge_ui: '₹49',
        gifts: 49900,
        gifts_ui: '₹499',
        shipping: 4900,
        shipping_ui: '₹49',
        bundles: [],
        bundle_discount: 0,
      }),
    );
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(byKey.mrp?.label).toBe('Total MRP (1 item)');
    expect(byKey.coupon).toMatchObject({ label: 'Coupon BRA15', value: '−₹224.85', tone: 'saving' });
    expect(byKey['gift-wrap']?.value).toBe('₹49');
    expect(byKey.gifts).toMatchObject({ label: 'Gifts', value: '₹499' });
    expect(byKey.shipping).toMatchObject({ value: '₹49', tone: undefined });
    expect(rows.some((r) => r.key.startsWith('bundle-'))).toBe(false);
  });

  it('names a taken free gift (FREE) and a taken paid gift', () => {
    const rows = priceSummaryRows(attrFixture({ gifts: 49900, gifts_ui: '₹499' }), [
      freeGiftFixture({ eligible: true, chosen_size: 'M' }),
      paidGiftFixture({ chosen_size: 'FREE-SIZE' }),
    ]);
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(byKey['free-gift-1']).toMatchObject({ label: 'Free gift: Cotton Hipster Panty (M)', value: 'FREE', tone: 'free' });
    expect(byKey.gifts).toMatchObject({ label: 'Gift: Satin Slip', value: '₹499' });
    expect(rows.map((r) => r.key).slice(-3)).toEqual(['gifts', 'shipping', 'total']);
  });

  it('leaves out a kept coupon that gives nothing, and a discount of zero', () => {
    const rows = priceSummaryRows(
      attrFixture({
        mrp_total: 159800,
        coupon_code: 'WELCOME10',
        coupon_discount: 0,
        coupon_message: 'This coupon needs a minimum order of ₹999.',
      }),
    );
    expect(rows.map((r) => r.key)).not.toContain('coupon');
    expect(rows.map((r) => r.key)).not.toContain('mrp-discount');
  });

  it('says what is saved only when something is', () => {
    expect(savingsText(attrFixture())).toBe('You save ₹801 on this order');
    expect(savingsText(attrFixture({ you_save: 0, you_save_ui: '₹0' }))).toBeNull();
  });
});

describe('quantity bounds', () => {
  it('1 … quantity + rem_quantity', () => {
    expect(quantityBounds(lineFixture({ quantity: 1, rem_quantity: 4 }))).toEqual({
      min: 1,
      max: 5,
      canDecrease: false,
      canIncrease: true,
    });
    expect(quantityBounds(lineFixture({ quantity: 4, rem_quantity: 1 }))).toMatchObject({ max: 5, canDecrease: true, canIncrease: true });
    expect(quantityBounds(lineFixture({ quantity: 5, rem_quantity: 0 }))).toMatchObject({ max: 5, canDecrease: true, canIncrease: false });
  });

  it('a negative rem_quantity never lowers the limit below the quantity', () => {
    expect(quantityBounds(lineFixture({ quantity: 3, rem_quantity: -2 }))).toMatchObject({ max: 3, canIncrease: false });
  });

  it('a deal is one piece; an out-of-stock line cannot be stepped', () => {
    expect(quantityBounds(lineFixture({ is_deal: true, quantity: 1, rem_quantity: 4 }))).toMatchObject({
      max: 1,
      canIncrease: false,
      canDecrease: false,
    });
    const oos = quantityBounds(lineFixture({ quantity: 2, rem_quantity: 3, stock: { status: 0, available: 0 } }));
    expect(oos).toMatchObject({ canIncrease: false, canDecrease: false });
  });

  it("an optimistic change moves rem_quantity with the quantity; more pieces leave less room in the product's other sizes", () => {
    const other = lineFixture({ id: 3, product_detail: { ...lineFixture().product_detail, id: 2 } });
    const cart = cartFixture({ cart_items: [...cartFixture().cart_items, other] });
    const up = withLineQuantity(cart, 1, 3);
    expect(up.cart_items[0]).toMatchObject({ quantity: 3, rem_quantity: 2 });
    // 34C is the same product: max_cart_items counts both sizes
    expect(up.cart_items[1]).toMatchObject({ quantity: 1, rem_quantity: 2 });
    expect(up.cart_items[2]).toMatchObject({ quantity: 1, rem_quantity: 4 });
    // fewer pieces: the line gains room; the other size's stock may still be its limit, so it waits for the server
    const down = withLineQuantity(up, 1, 2);
    expect(down.cart_items[0]).toMatchObject({ quantity: 2, rem_quantity: 3 });
    expect(down.cart_items[1]).toMatchObject({ rem_quantity: 2 });
  });

  it("+ is off with 'No more available' when nothing more fits (stock or the product's cap); deals and out-of-stock lines say their own", () => {
    expect(increaseHint(lineFixture({ quantity: 1, rem_quantity: 0 }))).toBe(NO_MORE_AVAILABLE);
    expect(increaseHint(lineFixture({ quantity: 1, rem_quantity: 2 }))).toBeNull();
    expect(increaseHint(lineFixture({ is_deal: true, rem_quantity: 0 }))).toBeNull();
    expect(increaseHint(lineFixture({ rem_quantity: 0, stock: { status: 0, available: 0 } }))).toBeNull();
  });
});

describe('gift eligibility text', () => {
  it("a free gift out of reach: 'Add ₹X more…' against the items after bundles and coupon", () => {
    const attr = attrFixture(); // ₹1,598 − ₹99 bundle = ₹1,499
    expect(giftOrderValue(attr)).toBe(149900);
    expect(giftState(freeGiftFixture(), attr)).toEqual({
      kind: 'locked',
      short: 50000,
      text: 'Add ₹500 more to get a free Cotton Hipster Panty',
    });
    const withCoupon = attrFixture({ coupon_code: 'BRA15', coupon_discount: 22485, goods: 149900 - 22485 });
    expect(giftState(freeGiftFixture(), withCoupon).text).toBe('Add ₹724.85 more to get a free Cotton Hipster Panty');
  });

  it('an eligible free gift asks for a size; a taken one names it', () => {
    expect(giftState(freeGiftFixture({ eligible: true }), attrFixture()).text).toBe('Choose your free gift size');
    expect(giftState(freeGiftFixture({ eligible: true, chosen_size: 'M' }), attrFixture())).toEqual({
      kind: 'taken',
      size: 'M',
      text: 'Your free Cotton Hipster Panty (size M) is in your cart',
    });
  });

  it('paid gifts: locked below their minimum, offered above it, and added', () => {
    const small = attrFixture({ subtotal: 79900, bundle_discount: 0, bundles: [], goods: 79900 });
    expect(giftState(paidGiftFixture({ eligible: false }), small).text).toBe('Add ₹200 more to unlock Satin Slip for ₹499');
    expect(giftState(paidGiftFixture(), attrFixture())).toMatchObject({ kind: 'choose', text: 'Unlocked on orders of ₹999' });
    expect(giftState(paidGiftFixture({ chosen_size: 'FREE-SIZE' }), attrFixture()).text).toBe('Satin Slip added for ₹499');
  });

  it('never asks for a negative amount when the server has not caught up', () => {
    const big = attrFixture({ subtotal: 300000, bundle_discount: 0, goods: 300000 });
    expect(giftState(freeGiftFixture({ eligible: false }), big)).toMatchObject({
      kind: 'locked',
      short: 0,
      text: 'Unlocks on orders of ₹1,999',
    });
  });
});

describe('lines', () => {
  it('size text: ordinary, combo, none', () => {
    expect(lineSizeText(lineFixture())).toBe('Size 34B');
    expect(lineSizeText(lineFixture({ size: '34B / L', combo_sizes: ['34B', 'L'] }))).toBe('Bra 34B / Panty L');
    expect(lineSizeText(lineFixture({ size: '' }))).toBe('');
  });

  it('out-of-stock products once each; empty carts', () => {
    const oos = { status: 0, available: 0 };
    const cart = cartFixture({
      cart_items: [
        lineFixture({ id: 1, stock: oos }),
        lineFixture({ id: 2, size: '34C', stock: oos }),
        lineFixture({ id: 3, product_detail: { ...lineFixture().product_detail, id: 9 } }),
      ],
    });
    expect(outOfStockProductIds(cart)).toEqual([1]);
    expect(isEmptyCart(cartFixture({ cart_items: [] }))).toBe(true);
    expect(isEmptyCart(undefined)).toBe(true);
    expect(isEmptyCart(cart)).toBe(false);
  });

  it('a kept coupon that stopped applying says why', () => {
    expect(couponWarning(attrFixture({ coupon_code: 'WELCOME10', coupon_message: 'This coupon needs a minimum order of ₹999.' }))).toBe(
      'This coupon needs a minimum order of ₹999.',
    );
    expect(couponWarning(attrFixture({ coupon_code: '', coupon_message: 'x' }))).toBeNull();
  });
});

describe('upgrade offers and referral codes', () => {
  const rung = (over: Partial<UpgradeOption> = {}): UpgradeOption => ({
    id: 1,
    title: '₹100 off orders of ₹1,299',
    min_value: 129900,
    min_value_ui: '₹1,299',
    discount: 10000,
    discount_ui: '₹100',
    unlocked: false,
    amount_short: 40000,
    selected: false,
    ...over,
  });
  const values = (over: Partial<UpgradeOfferValues> = {}): UpgradeOfferValues => ({
    offer_upgrade_message: '',
    selected_option: null,
    selected_message: '',
    options: [],
    ...over,
  });

  it('a rung is locked (how much more), available, applied, or taken but out of reach (the server says why)', () => {
    expect(upgradeState(rung(), values())).toEqual({ kind: 'locked', text: 'Add ₹400 more to unlock' });
    expect(upgradeState(rung({ unlocked: true, amount_short: 0 }), values())).toEqual({
      kind: 'available',
      text: 'Save ₹100 in place of a coupon',
    });
    // with a coupon applying, the rung says what it replaces, and when the coupon saves more
    const flat200 = attrFixture({ coupon_code: 'FLAT200', coupon_discount: 20000, coupon_discount_ui: '₹200' });
    expect(upgradeState(rung({ unlocked: true, amount_short: 0 }), values(), flat200)).toEqual({
      kind: 'available',
      text: 'Save ₹100 instead of coupon FLAT200 (₹200): your coupon saves more',
    });
    expect(upgradeState(rung({ unlocked: true, amount_short: 0, discount: 30000, discount_ui: '₹300' }), values(), flat200).text).toBe(
      'Save ₹300 instead of coupon FLAT200 (₹200)',
    );
    expect(upgradeState(rung({ unlocked: true, amount_short: 0, selected: true }), values({ selected_option: 1 }))).toEqual({
      kind: 'applied',
      text: 'Applied: you save ₹100',
    });
    expect(
      upgradeState(
        rung({ selected: true }),
        values({ selected_option: 1, selected_message: 'Add ₹400 more to your cart to take this upgrade.' }),
      ),
    ).toEqual({ kind: 'chosen-locked', text: 'Add ₹400 more to your cart to take this upgrade.' });
  });

  it('the summary lists the upgrade and the referral discount; gifts are measured after them', () => {
    const attr = attrFixture({
      upgrade_discount: 10000,
      upgrade_discount_ui: '₹100',
      affiliation_code: 'RIYASTYLE',
      affiliate_name: "Riya's Style Notes",
      affiliate_discount: 6900,
      affiliate_discount_ui: '₹69',
      goods: 159800 - 9900 - 10000 - 6900,
    });
    const rows = priceSummaryRows(attr).map((r) => [r.key, r.label, r.value]);
    expect(rows).toContainEqual(['upgrade', 'Upgrade offer', '−₹100']);
    expect(rows).toContainEqual(['affiliate', 'Referral RIYASTYLE', '−₹69']);
    // The gift threshold reads the server's figure, whatever the parts say.
    expect(giftOrderValue(attr)).toBe(159800 - 9900 - 10000 - 6900);
    expect(giftOrderValue(attrFixture({ goods: 12345 }))).toBe(12345);
  });

  it('a kept referral code that gives nothing says why; a credit-only code says nothing', () => {
    expect(affiliateWarning(attrFixture({ affiliation_code: 'X', affiliate_message: 'This affiliation code has expired.' }))).toBe(
      'This affiliation code has expired.',
    );
    expect(affiliateWarning(attrFixture({ affiliation_code: 'FITWITHANU' }))).toBeNull();
    expect(affiliateWarning(attrFixture({ affiliate_message: 'stale' }))).toBeNull();
  });
});

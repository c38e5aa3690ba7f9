import { describe, expect, it } from 'vitest';
import { vectors } from '@/test/vectors';
import { breakupRows } from './breakup';
import { breakupFixture, paymentStartFixture } from './checkout.fixtures';
import { choiceReady, createPaymentData, initialChoice, methodFields, toggleTab, type MethodFields, type PaymentChoice } from './payment';
import {
  CARD_MESSAGES,
  cardNameError,
  cardNumberError,
  cvvError,
  emptyCard,
  expiryError,
  formatCardNumber,
  formatExpiry,
  isAmex,
  luhnValid,
  validateCard,
  VPA_MESSAGES,
  vpaError,
} from './validators';

// 15 March 2026, local time: March 2026 cards are still good
const NOW = new Date(2026, 2, 15);

describe('Luhn', () => {
  it.each([
    ['4111111111111111', true], // Visa test card
    ['5104060000000008', true], // Mastercard test card
    ['4000000000000002', true], // the sandbox's declined card passes Luhn
    ['378282246310005', true], // Amex, 15 digits
    ['6011111111111117', true], // Discover
    ['4111111111111112', false], // last digit off by one
    ['4111111111111121', false], // two digits swapped
    ['0000000000', false], // too short
    ['41111111111111111111', false], // 20 digits
    ['4111-1111-1111-1111', false], // not digits only
    ['', false],
  ])('%s → %s', (digits, ok) => {
    expect(luhnValid(digits)).toBe(ok);
  });

  it('the number field checks the digits whatever the spaces', () => {
    expect(cardNumberError('4111 1111 1111 1111')).toBeNull();
    expect(cardNumberError('4111 1111 1111 1112')).toBe(CARD_MESSAGES.number);
    expect(cardNumberError('   ')).toBe(CARD_MESSAGES.numberRequired);
  });
});

describe('card formatting', () => {
  it.each([
    ['4111111111111111', '4111 1111 1111 1111'],
    ['4111 11', '4111 11'],
    ['41111', '4111 1'],
    ['4111-1111-abcd', '4111 1111'],
    ['12345678901234567890123', '1234 5678 9012 3456 789'], // at most 19 digits
    ['', ''],
  ])('number %j shows as %j', (raw, shown) => {
    expect(formatCardNumber(raw)).toBe(shown);
  });

  it.each([
    ['1', '1'],
    ['2', '02'],
    ['12', '12'],
    ['123', '12/3'],
    ['1234', '12/34'],
    ['12/345', '12/34'],
    ['0a9/2x8', '09/28'],
  ])('expiry %j shows as %j', (raw, shown) => {
    expect(formatExpiry(raw)).toBe(shown);
  });
});

describe('expiry', () => {
  it.each([
    ['03/26', null], // this month: good to its last day
    ['04/26', null],
    ['12/35', null],
    ['02/26', CARD_MESSAGES.expired], // last month
    ['12/25', CARD_MESSAGES.expired], // last year
    ['13/27', CARD_MESSAGES.expiry], // no month 13
    ['00/27', CARD_MESSAGES.expiry],
    ['1/27', CARD_MESSAGES.expiry],
    ['0327', CARD_MESSAGES.expiry],
    ['', CARD_MESSAGES.expiryRequired],
  ])('%j → %j', (value, message) => {
    expect(expiryError(value, NOW)).toBe(message);
  });
});

describe('CVV', () => {
  it.each([
    ['123', false, null],
    ['1234', false, CARD_MESSAGES.cvv3],
    ['12', false, CARD_MESSAGES.cvv3],
    ['1234', true, null],
    ['123', true, CARD_MESSAGES.cvv4],
    ['12a', false, CARD_MESSAGES.cvv3],
    ['', false, CARD_MESSAGES.cvvRequired],
  ])('%j (amex %s) → %j', (cvv, amex, message) => {
    expect(cvvError(cvv, amex)).toBe(message);
  });

  it('Amex is a number starting 34 or 37', () => {
    expect(isAmex('340000000000009')).toBe(true);
    expect(isAmex('371449635398431')).toBe(true);
    expect(isAmex('351111111111111')).toBe(false);
    expect(isAmex('4111111111111111')).toBe(false);
    // the whole form: an Amex number wants 4 digits
    const amexCard = { number: '3782 8224 6310 005', expiry: '12/30', cvv: '123', name: 'Riya Sharma', save: false };
    expect(validateCard(amexCard, NOW)).toEqual({ cvv: CARD_MESSAGES.cvv4 });
    expect(validateCard({ ...amexCard, cvv: '1234' }, NOW)).toEqual({});
  });
});

describe('name on card', () => {
  it.each([
    ['Riya Sharma', null],
    ["D'Souza A.", null],
    ['रिया शर्मा', null],
    ['', CARD_MESSAGES.nameRequired],
    ['  ', CARD_MESSAGES.nameRequired],
    ['Riya 2', CARD_MESSAGES.name],
    ['R'.repeat(51), CARD_MESSAGES.name],
  ])('%j → %j', (name, message) => {
    expect(cardNameError(name)).toBe(message);
  });
});

describe('UPI ID', () => {
  it.each([
    ['riya@okhdfcbank', null],
    ['9876543210@ybl', null],
    ['a.b-c_d@upi', null],
    ['riya@ok2', null], // the handle may carry digits after its first letter
    [' riya@ybl ', null], // trimmed
    ['', VPA_MESSAGES.required],
    ['riya', VPA_MESSAGES.invalid],
    ['r@ybl', VPA_MESSAGES.invalid], // name of at least 2
    ['riya@y', VPA_MESSAGES.invalid], // handle of at least 2
    ['riya@2ybl', VPA_MESSAGES.invalid], // handle starts with a letter
    ['ri ya@ybl', VPA_MESSAGES.invalid],
    ['riya@ybl@x', VPA_MESSAGES.invalid],
    [`riya@y${'b'.repeat(65)}`, VPA_MESSAGES.invalid],
  ])('%j → %j', (vpa, message) => {
    expect(vpaError(vpa)).toBe(message);
  });

  it('agrees with the shared validation vectors', () => {
    const { vpa } = vectors;
    for (const v of vpa.valid) expect(vpaError(v), v).toBeNull();
    for (const v of vpa.invalid) expect(vpaError(v), v).not.toBeNull();
  });
});

describe('payment tabs and fields', () => {
  const choice = (over: Partial<PaymentChoice>): PaymentChoice => ({ ...initialChoice(emptyCard()), ...over });

  it('all start closed; opening one closes the other; opening the open one closes it', () => {
    expect(initialChoice(emptyCard()).open).toBeNull();
    expect(toggleTab(null, 'upi')).toBe('upi');
    expect(toggleTab('upi', 'card')).toBe('card');
    expect(toggleTab('card', 'card')).toBeNull();
  });

  it('a tab is ready only when its form is valid', () => {
    expect(choiceReady(choice({}), [])).toBe(false);
    expect(choiceReady(choice({ open: 'upi', vpa: 'riya' }), [])).toBe(false);
    expect(choiceReady(choice({ open: 'upi', vpa: 'riya@ybl' }), [])).toBe(true);
    // the shop said this UPI ID does not exist
    expect(choiceReady(choice({ open: 'upi', vpa: 'riya@ybl', verdict: { vpa: 'riya@ybl', success: false, name: null } }), [])).toBe(false);
    expect(choiceReady(choice({ open: 'netbanking' }), [])).toBe(false);
    expect(choiceReady(choice({ open: 'netbanking', bank: 'HDFC' }), [])).toBe(true);
    const card = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Riya', save: false };
    expect(choiceReady(choice({ open: 'card', card }), [], NOW)).toBe(true);
    expect(choiceReady(choice({ open: 'card', card: { ...card, expiry: '01/26' } }), [], NOW)).toBe(false);
    const saved = [{ token: 'tok_1', last4: '1111', network: 'Visa', expiry_month: '12', expiry_year: '2030', name: 'Riya' }];
    expect(choiceReady(choice({ open: 'saved_cards', saved: { token: 'tok_1', cvv: '12' } }), saved)).toBe(false);
    expect(choiceReady(choice({ open: 'saved_cards', saved: { token: 'tok_1', cvv: '123' } }), saved)).toBe(true);
    expect(choiceReady(choice({ open: 'cod' }), [])).toBe(true);
    expect(choiceReady(choice({ open: 'online' }), [])).toBe(true);
  });

  it('createPayment gets the method fields; a card is saved only for a known customer', () => {
    const card = { number: '4111 1111 1111 1111', expiry: '09/28', cvv: '123', name: ' Riya Sharma ', save: true };
    const fields = methodFields(choice({ open: 'card', card })) as MethodFields;
    expect(fields).toEqual({
      method: 'card',
      'card[number]': '4111111111111111',
      'card[expiry_month]': '09',
      'card[expiry_year]': '28',
      'card[cvv]': '123',
      'card[name]': 'Riya Sharma',
      save: 1,
    });
    expect(createPaymentData(paymentStartFixture(), fields)).toEqual({
      amount: 159800,
      currency: 'INR',
      order_id: 'order_P1',
      email: 'riya@example.com',
      contact: '9876543210',
      customer_id: 'cust_1',
      ...fields,
    });
    const anonymous = createPaymentData(paymentStartFixture({ customer_id: null }), fields);
    expect(anonymous.save).toBe(0);
    expect('customer_id' in anonymous).toBe(false);
    expect(methodFields(choice({ open: 'upi', vpa: ' riya@ybl ' }))).toEqual({ method: 'upi', vpa: 'riya@ybl' });
    expect(methodFields(choice({ open: 'netbanking', bank: 'SBIN' }))).toEqual({ method: 'netbanking', bank: 'SBIN' });
    expect(methodFields(choice({ open: 'saved_cards', saved: { token: 'tok_1', cvv: '123' } }))).toEqual({
      method: 'card',
      token: 'tok_1',
      'card[cvv]': '123',
    });
    expect(methodFields(choice({ open: 'cod' }))).toBeNull();
    // PayU's hosted page: no fields, the shopper enters them there
    expect(methodFields(choice({ open: 'online' }))).toEqual({ method: 'online' });
  });
});

describe('price breakup', () => {
  const rows = (...args: Parameters<typeof breakupRows>) => breakupRows(...args).map((r) => [r.label, r.value]);

  it('shows only rows worth something, shipping FREE at 0, and the amount to pay', () => {
    expect(rows(breakupFixture(), { cod: false, pieces: 2 })).toEqual([
      ['Total MRP (2 items)', '₹2,300'],
      ['Discount on MRP', '−₹702'],
      ['Shipping', 'FREE'],
      ['Amount to pay', '₹1,598'],
    ]);
  });

  it('names the coupon, adds charges, the cash fee only for cash on delivery, and the wallet', () => {
    const b = breakupFixture({
      coupon_discount: 10000,
      bundle_discount: 5000,
      upgrade_discount: 2000,
      affiliate_discount: 1000,
      gifts: 49900,
      gift_wrap: 4900,
      shipping: 2900,
      cod_fee: 4900,
      order_total: 200000,
      wallet_used: 50000,
      to_pay: 150000,
    });
    expect(rows(b, { cod: true, coupon: 'BRA15' })).toEqual([
      ['Total MRP', '₹2,300'],
      ['Discount on MRP', '−₹702'],
      ['Bundle offers', '−₹50'],
      ['Coupon BRA15', '−₹100'],
      ['Upgrade offer', '−₹20'],
      ['Partner discount', '−₹10'],
      ['Gifts', '₹499'],
      ['Gift wrap', '₹49'],
      ['Shipping', '₹29'],
      ['Cash handling fee', '₹49'],
      ['Order total', '₹2,000'],
      ['Paid from wallet', '−₹500'],
      ['Amount to pay', '₹1,500'],
    ]);
    expect(rows(b, { cod: false }).some(([label]) => label === 'Cash handling fee')).toBe(false);
  });
});

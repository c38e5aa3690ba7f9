import { describe, expect, it } from 'vitest';
import { vectors } from '@/test/vectors';
import {
  activewearLine,
  detailFixture,
  exchangeOnlyLine,
  giftWrapLine,
  nightwearLine,
  offersFixture,
  pantyLine,
  returnable,
  exchangeSizesFixture,
} from './orders.fixtures';
import {
  canPick,
  clampQuantity,
  EMPTY_BANK,
  EMPTY_PICKUP,
  fewLeft,
  formLists,
  listedLines,
  placeServerError,
  priceForm,
  processesFor,
  quantityProblem,
  refundSource,
  requestNoun,
  RETURN_MESSAGES,
  returnForm,
  sizeChoice,
  startPick,
  styleChoice,
  validateBank,
  validatePickup,
  validateReturn,
  type BankForm,
  type LinePick,
  type ReturnChoices,
} from './returns';
import { orderFixture } from './orders.fixtures';
import { hasInvoice, pickupDay, returnItemLine, returnTitle } from './orders';

const goodBank: BankForm = {
  accountName: 'Riya Sharma',
  accountNnumber: '50100123456789',
  confirmAccountNumber: '50100123456789',
  ifscCode: 'HDFC0000001',
  branchName: 'Indiranagar',
};

const pick = (id: number, quantity: number, process: LinePick['process'], exchange: LinePick['exchange'] = null): LinePick => ({
  id,
  quantity,
  process,
  exchange,
});

const choices = (over: Partial<ReturnChoices> = {}): ReturnChoices => ({
  orderId: 'enc_DRPDEMO0004',
  picks: [pick(401, 1, 'Return')],
  reason: 'Size too small',
  comment: '',
  otherAddress: false,
  pickup: { ...EMPTY_PICKUP },
  refundType: 'bank',
  bank: { ...goodBank },
  paymentType: 'cod',
  ...over,
});

describe('the form’s four lists', () => {
  it('line up item by item: ids, quantities, processes, and the exchange size only for an exchange', () => {
    const picks = [
      pick(401, 2, 'Return', sizeChoice({ size_id: 1, value: 'L', label: 'L', few_left: null })), // a return sends no size, whatever was chosen before
      pick(402, 1, 'Exchange', sizeChoice(exchangeSizesFixture.sizes[1]!)),
      pick(404, 1, 'Exchange', styleChoice(offersFixture(1).products[0]!)),
    ];
    const lists = formLists(picks);
    expect(lists).toEqual({
      checked_products: '401,402,404',
      checked_prod_quantity: '2,1,1',
      checked_prod_process: 'Return,Exchange,Exchange',
      checked_prod_exchange_size: ',XL,81:L',
    });
    const columns = Object.values(lists).map((l) => l.split(','));
    expect(new Set(columns.map((c) => c.length))).toEqual(new Set([3]));
    // the nth entry of every list is the nth item
    expect(columns.map((c) => c[1])).toEqual(['402', '1', 'Exchange', 'XL']);
  });

  it('the price form is the lists (without the new sizes: they change no refund), the order and its refund source', () => {
    const exchange = pick(402, 1, 'Exchange', { value: 'XL', label: 'XL', kind: 'size' });
    expect(priceForm('enc_X', [pick(401, 2, 'Return'), exchange], 'cod_mix')).toMatchObject({
      checked_products: '401,402',
      checked_prod_quantity: '2,1',
      checked_prod_process: 'Return,Exchange',
      checked_prod_exchange_size: ',',
      payment_type: 'cod_mix',
    });
  });

  it('one return: an empty exchange size', () => {
    expect(priceForm('enc_X', [pick(401, 1, 'Return')], 'cod')).toEqual({
      orderId: 'enc_X',
      checked_products: '401',
      checked_prod_quantity: '1',
      checked_prod_process: 'Return',
      checked_prod_exchange_size: '',
      payment_type: 'cod',
      new_exchange_return: '1',
    });
  });

  it('the exchange value: a size of the same product is its value; another style is {product_id}:{size}', () => {
    expect(sizeChoice(exchangeSizesFixture.sizes[1]!)).toEqual({ value: 'XL', label: 'XL', kind: 'size' });
    const offer = offersFixture(2).products[1]!;
    expect(styleChoice(offer)).toEqual({ value: '92:L', label: 'Printed Night Suit 2 (Peach), size L', kind: 'style' });
    // the server's value is used as it is; without one the same shape is built
    expect(styleChoice({ ...offer, exchange_value: '' }).value).toBe(`${offer.product_id}:L`);
    expect(fewLeft(exchangeSizesFixture.sizes[1]!)).toBe('Only 2 left');
    expect(fewLeft(exchangeSizesFixture.sizes[0]!)).toBe('');
  });
});

describe('the request form', () => {
  it('a cash-on-delivery return to a bank: the bank details cleaned (digits, IFSC in capitals), the delivery address', () => {
    const form = returnForm(
      choices({
        comment: '  Too tight  ',
        bank: { ...goodBank, accountNnumber: '5010 0123 4567 89', confirmAccountNumber: '50100123456789', ifscCode: ' hdfc0000001 ' },
      }),
    );
    expect(form).toEqual({
      orderId: 'enc_DRPDEMO0004',
      checked_products: '401',
      checked_prod_quantity: '1',
      checked_prod_process: 'Return',
      checked_prod_exchange_size: '',
      reasons_for_refund: 'Size too small',
      reasons_comments: 'Too tight',
      new_order_address: '0',
      full_name: '',
      address: '',
      address_pincode: '',
      city: '',
      state: '',
      mobile: '',
      refundType: 'bank',
      accountName: 'Riya Sharma',
      accountNnumber: '50100123456789',
      confirmAccountNumber: '50100123456789',
      ifscCode: 'HDFC0000001',
      branchName: 'Indiranagar',
      payment_type: 'cod',
      new_exchange_return: '1',
    });
  });

  it('bank details typed and then another route chosen are not sent; another address is (new_order_address 1)', () => {
    const pickup = {
      full_name: ' Asha ',
      address: '12 MG Road',
      address_pincode: '400050',
      city: 'Mumbai',
      state: 'Maharashtra',
      mobile: '9123456780',
    };
    const form = returnForm(choices({ refundType: 'wallet', otherAddress: true, pickup }));
    expect(form.accountName).toBe('');
    expect(form.accountNnumber).toBe('');
    expect(form.ifscCode).toBe('');
    expect(form.refundType).toBe('wallet');
    expect(form.new_order_address).toBe('1');
    expect([form.full_name, form.address, form.address_pincode, form.city, form.state, form.mobile]).toEqual([
      'Asha',
      '12 MG Road',
      '400050',
      'Mumbai',
      'Maharashtra',
      '9123456780',
    ]);
  });

  it('the refund source keys of spec 000 §9, as the server derives them', () => {
    const of = (mode: string, wallet: number, toPay: number) =>
      refundSource(detailFixture(orderFixture({ header: { payment_mode: mode } }), { wallet_used: wallet, to_pay: toPay }));
    expect(of('COD', 0, 100)).toBe('cod');
    expect(of('COD', 50, 100)).toBe('cod_mix');
    expect(of('COD', 150, 0)).toBe('wallet');
    expect(of('WALLET', 150, 0)).toBe('wallet');
    expect(of('UPI', 0, 100)).toBe('prepaid');
    expect(of('UPI', 50, 100)).toBe('prepaid_mix');
  });
});

describe('which lines, how, how many', () => {
  it('a line may be picked when returnable with pieces left; a panty may not; gift wrap is not listed', () => {
    expect(canPick(activewearLine)).toBe(true);
    expect(canPick(pantyLine)).toBe(false);
    expect(canPick({ ...activewearLine, rem_quantity: 0 })).toBe(false);
    expect(canPick({ ...activewearLine, returnable: false })).toBe(false);
    expect(listedLines([activewearLine, giftWrapLine, { ...giftWrapLine, sku: 'giftwrapo' }]).map((l) => l.id)).toEqual([401]);
  });

  it('exchange-only lines offer only an exchange, and start as one; others wait for the shopper’s choice', () => {
    expect(processesFor(activewearLine)).toEqual(['Return', 'Exchange']);
    expect(processesFor(exchangeOnlyLine)).toEqual(['Exchange']);
    expect(processesFor(pantyLine)).toEqual([]);
    expect(startPick(exchangeOnlyLine)).toEqual({ id: 404, quantity: 1, process: 'Exchange', exchange: null });
    expect(startPick(activewearLine)).toEqual({ id: 401, quantity: 1, process: '', exchange: null });
  });

  it('quantities stay within 1 … rem_quantity', () => {
    expect(clampQuantity(0, 2)).toBe(1);
    expect(clampQuantity(3, 2)).toBe(2);
    expect(clampQuantity(2, 2)).toBe(2);
    expect(clampQuantity(1.7, 2)).toBe(1);
    expect(clampQuantity(Number.NaN, 2)).toBe(1);
    expect(clampQuantity(5, 0)).toBe(1);
  });

  it('the quantity check: a line above what remains of it, and the order above what remains, gift wrap not counted', () => {
    const lines = [activewearLine, nightwearLine, giftWrapLine];
    expect(quantityProblem(lines, [pick(401, 2, 'Return'), pick(402, 1, 'Exchange')])).toBeNull();
    expect(quantityProblem(lines, [pick(401, 3, 'Return')])).toBe(
      'Only 2 of Flex Medium-Impact Sports Bra can still be returned or exchanged.',
    );
    expect(quantityProblem(lines, [pick(402, 0, 'Return')])).toBe('Only 1 of Cotton Pyjama Set can still be returned or exchanged.');
    // the order as a whole: remaining pieces counted without the gift wrap
    const tight = [{ ...activewearLine, rem_quantity: 1 }, giftWrapLine];
    expect(quantityProblem(tight, [pick(401, 1, 'Return'), pick(405, 1, 'Return')])).toBeNull();
    expect(quantityProblem([giftWrapLine, { ...activewearLine, rem_quantity: 0 }], [pick(405, 1, 'Return')])).toBeNull();
  });
});

describe('bank details, checked as the server checks them', () => {
  it('nothing typed: the spec’s own words', () => {
    expect(validateBank(EMPTY_BANK)).toEqual({ bank: 'please enter the bank details' });
    expect(validateBank({ ...EMPTY_BANK, confirmAccountNumber: '123456789' })).toEqual({ bank: 'please enter the bank details' });
  });

  it('good details pass', () => {
    expect(validateBank(goodBank)).toEqual({});
    expect(
      validateBank({ ...goodBank, accountName: 'रिया मेहता', accountNnumber: '123456789', confirmAccountNumber: '123 456 789' }),
    ).toEqual({});
  });

  it('the account number: 9 to 18 digits, typed twice the same', () => {
    const number = (n: string, again = n) => validateBank({ ...goodBank, accountNnumber: n, confirmAccountNumber: again });
    expect(number('12345678').accountNnumber).toBe(RETURN_MESSAGES.accountNumber);
    expect(number('123456789')).toEqual({});
    expect(number('123456789012345678')).toEqual({});
    expect(number('1234567890123456789').accountNnumber).toBe('Please enter an account number of 9 to 18 digits.');
    expect(number('12345678A').accountNnumber).toBe(RETURN_MESSAGES.accountNumber);
    expect(number('123456789', '123456780')).toEqual({ confirmAccountNumber: 'The account numbers do not match.' });
    expect(number('123456789', '')).toEqual({ confirmAccountNumber: 'The account numbers do not match.' });
  });

  it('the IFSC: the shared vectors (4 letters, 0, 6 letters or digits), after capitals as the server reads it', () => {
    for (const code of vectors.ifsc.valid) expect(validateBank({ ...goodBank, ifscCode: code })).toEqual({});
    for (const code of vectors.ifsc.invalid) {
      const upper = code.trim().toUpperCase();
      const shapeOk = /^[A-Z]{4}0[A-Z0-9]{6}$/.test(upper);
      expect(validateBank({ ...goodBank, ifscCode: code }).ifscCode, code).toBe(shapeOk ? undefined : 'Please enter a valid IFSC code');
    }
    expect(validateBank({ ...goodBank, ifscCode: 'hdfc0000001' })).toEqual({});
    expect(validateBank({ ...goodBank, ifscCode: 'HDFC1000001' }).ifscCode).toBe(RETURN_MESSAGES.ifsc);
  });

  it('the holder’s name and the branch', () => {
    expect(validateBank({ ...goodBank, accountName: 'R' }).accountName).toBe("Please enter the account holder's name as the bank has it.");
    expect(validateBank({ ...goodBank, accountName: 'R1ya' }).accountName).toBe(RETURN_MESSAGES.accountName);
    expect(validateBank({ ...goodBank, accountName: 'Dr. R. Sharma' })).toEqual({});
    expect(validateBank({ ...goodBank, branchName: ' ' })).toEqual({ branchName: 'Please enter the branch name.' });
  });
});

describe('the whole request, before it is posted', () => {
  const lines = returnable.products;
  const opts = { refundDue: true, routes: ['bank', 'wallet'] };

  it('nothing picked', () => {
    expect(validateReturn(choices({ picks: [] }), lines, opts)).toEqual({ items: RETURN_MESSAGES.none });
  });

  it('a good cash-on-delivery return to a bank has no message', () => {
    expect(validateReturn(choices(), lines, opts)).toEqual({});
  });

  it('each line needs its process, an exchange its size; the reason, a comment for Other; a refund route when money is due', () => {
    const found = validateReturn(
      choices({ picks: [pick(401, 1, ''), pick(402, 1, 'Exchange')], reason: 'Other', comment: ' ', refundType: '' }),
      lines,
      opts,
    );
    expect(found).toEqual({
      lines: { 401: 'Choose Return or Exchange for this item.', 402: 'Pick the size you want instead.' },
      comment: 'Please tell us a little more in the comment.',
      refund: 'Choose where your refund goes.',
    });
    expect(validateReturn(choices({ reason: '' }), lines, opts)).toEqual({ reason: 'Please pick the reason for the return or exchange.' });
    expect(validateReturn(choices({ comment: 'x'.repeat(501) }), lines, opts)).toEqual({
      comment: 'Please keep the comment under 500 characters.',
    });
  });

  it('bank details are checked only for a bank refund; no refund due asks for no route', () => {
    expect(validateReturn(choices({ bank: EMPTY_BANK }), lines, opts)).toEqual({ bank: 'please enter the bank details' });
    expect(validateReturn(choices({ bank: EMPTY_BANK, refundType: 'wallet' }), lines, opts)).toEqual({});
    expect(validateReturn(choices({ refundType: 'source' }), lines, opts)).toEqual({ refund: RETURN_MESSAGES.refund });
    const exchange = choices({
      picks: [pick(402, 1, 'Exchange', { value: 'XL', label: 'XL', kind: 'size' })],
      refundType: '',
      bank: EMPTY_BANK,
    });
    expect(validateReturn(exchange, lines, { refundDue: false, routes: [] })).toEqual({});
  });

  it('another pickup address is checked as the server checks it', () => {
    expect(validatePickup({ ...EMPTY_PICKUP })).toEqual({
      full_name: 'Please enter the name for the pickup.',
      address: 'Please enter the pickup address.',
      address_pincode: 'Please enter a valid 6 digit pincode',
      city: 'Please enter the city.',
      state: 'Please enter the state.',
      mobile: 'Please enter a valid 10 digit mobile number',
    });
    const good = {
      full_name: 'Asha',
      address: '12 MG Road',
      address_pincode: '400050',
      city: 'Mumbai',
      state: 'Maharashtra',
      mobile: '9123456780',
    };
    expect(validatePickup(good)).toEqual({});
    expect(validatePickup({ ...good, address_pincode: '040005', mobile: '5123456780' })).toEqual({
      address_pincode: RETURN_MESSAGES.pincode,
      mobile: 'Please enter a valid 10 digit mobile number',
    });
    expect(validateReturn(choices({ otherAddress: true, pickup: { ...good, city: '' } }), lines, opts)).toEqual({
      city: RETURN_MESSAGES.city,
    });
  });
});

describe('the server’s refusals, placed where the shopper acts', () => {
  const err = (status: number, code: string, message: string, fields: Record<string, string> = {}) => ({ status, code, message, fields });

  it('field errors under their fields', () => {
    expect(
      placeServerError(
        err(400, 'invalid_field', 'The account numbers do not match.', {
          confirmAccountNumber: 'The account numbers do not match.',
          ifscCode: 'We couldn’t find this IFSC code.',
          reasons_comments: 'Please tell us a little more in the comment.',
          address_pincode: 'Please enter a valid 6 digit pincode',
          refundType: 'This order’s refund can go to: bank, wallet.',
          checked_prod_exchange_size: 'Pick the size you want instead.',
        }),
        true,
      ),
    ).toEqual({
      confirmAccountNumber: 'The account numbers do not match.',
      ifscCode: 'We couldn’t find this IFSC code.',
      comment: 'Please tell us a little more in the comment.',
      address_pincode: 'Please enter a valid 6 digit pincode',
      refund: 'This order’s refund can go to: bank, wallet.',
      items: 'Pick the size you want instead.',
    });
  });

  it('no reverse pickup: under the delivery address, or under the pincode of another address', () => {
    const e = err(400, 'no_reverse_pickup', 'Reverse Pickup service is not available for this pincode');
    expect(placeServerError(e, false)).toEqual({ pickup: 'Reverse Pickup service is not available for this pincode' });
    expect(placeServerError(e, true)).toEqual({ address_pincode: 'Reverse Pickup service is not available for this pincode' });
  });

  it('missing bank details at the bank form; the rest at the top', () => {
    expect(placeServerError(err(400, 'bank_details_missing', 'please enter the bank details'), false)).toEqual({
      bank: 'please enter the bank details',
    });
    expect(placeServerError(err(409, 'size_sold_out', 'That size has just sold out. Please pick another.'), false)).toEqual({
      form: 'That size has just sold out. Please pick another.',
    });
  });
});

describe('words', () => {
  it('what the request is called', () => {
    expect(requestNoun(['Return'])).toBe('return');
    expect(requestNoun(['Exchange', 'Exchange'])).toBe('exchange');
    expect(requestNoun(['Exchange', 'Return'])).toBe('return and exchange');
    expect(requestNoun([''])).toBe('return or exchange');
  });

  it('pickup days as the shop writes them, across months and years', () => {
    expect(pickupDay('2026-11-25')).toBe('Wed, 25 Nov');
    expect(pickupDay('2026-09-01')).toBe('Tue, 1 Sep');
    expect(pickupDay('2027-01-01')).toBe('Fri, 1 Jan');
    expect(pickupDay('2026-02-30')).toBe('2026-02-30');
    expect(pickupDay('tomorrow')).toBe('tomorrow');
  });

  it('a request’s title says what goes back and how many pieces', () => {
    const i = (process: string, quantity: number) => ({ process, quantity });
    expect(returnTitle({ items: [i('Return', 1)] })).toBe('Return of 1 item');
    expect(returnTitle({ items: [i('Exchange', 2)] })).toBe('Exchange of 2 items');
    expect(returnTitle({ items: [i('Return', 1), i('Exchange', 2)] })).toBe('Return and exchange of 3 items');
  });

  it('a request’s pieces', () => {
    expect(returnItemLine({ process: 'Return', quantity: 1, name: 'Flex Bra', size: 'M', exchange_size: '', amount_ui: '₹1,299' })).toBe(
      'Return 1 × Flex Bra (size M) · ₹1,299',
    );
    expect(returnItemLine({ process: 'Exchange', quantity: 2, name: 'Pyjama Set', size: 'L', exchange_size: 'XL', amount_ui: '₹0' })).toBe(
      'Exchange 2 × Pyjama Set (size L) for size XL',
    );
  });

  it('an invoice once delivered', () => {
    expect(hasInvoice(returnable)).toBe(true);
    expect(hasInvoice(orderFixture())).toBe(false);
  });
});

import { digitsOnly, isIfsc, isMobile, isPincode, MOBILE_MESSAGE } from '@/shared/lib/validation';
import type { ExchangeSize, OfferProduct, Order, OrderDetail, OrderLine, ReturnForm, ReturnPriceForm } from './types';

/*
 * Returns and exchanges apart from the screen (spec 000 §3 Return/exchange selection, Bank details and
 * Return/exchange form; §4 rem_quantity; §5 the bank and quantity checks; §9 refund source keys): which
 * lines may be picked and how, the form the two posts send (four comma lists that line up item by item),
 * and the browser's checks, in the server's words (crates/server/src/features/orders/returns.rs,
 * crates/domain/src/returns.rs), so the page and the server never disagree.
 */

export type Process = 'Return' | 'Exchange';

/** Spec 000 §5, §9: gift wrap is left out of the quantity check (and is not sent back). */
export const GIFT_WRAP_SKUS = ['GIFTWRAP', 'GIFTWRAPO'];
export const isGiftWrap = (line: OrderLine) => GIFT_WRAP_SKUS.includes(line.sku.trim().toUpperCase());

/** The lines the page lists: everything but gift wrap. */
export const listedLines = (lines: OrderLine[]) => lines.filter((l) => !isGiftWrap(l));

/** A line may be picked when the server says it may go back now and pieces of it remain. */
export const canPick = (line: OrderLine) => line.returnable && line.rem_quantity > 0 && line.return_rule !== 'none';

/** What may be asked for a line: an exchange-only category offers no return. */
export function processesFor(line: OrderLine): Process[] {
  if (line.return_rule === 'none') return [];
  return line.return_rule === 'exchange_only' ? ['Exchange'] : ['Return', 'Exchange'];
}

/** The size sent instead: a size of the same product, or another style of the same price. */
export type ExchangeChoice = { value: string; label: string; kind: 'size' | 'style' };

/** One picked line (spec 000 §3 Return/exchange selection: id, selectedQty, exchange_size, prod_process). */
export type LinePick = { id: number; quantity: number; process: Process | ''; exchange: ExchangeChoice | null };

/** A line just ticked: one piece; an exchange-only line is an exchange, others wait for the shopper's choice. */
export function startPick(line: OrderLine): LinePick {
  const only = processesFor(line);
  return { id: line.id, quantity: 1, process: only.length === 1 ? only[0]! : '', exchange: null };
}

/** 1 … what remains of the line. */
export function clampQuantity(n: number, rem: number): number {
  const top = Math.max(1, Math.floor(rem));
  if (!Number.isFinite(n)) return 1;
  return Math.min(top, Math.max(1, Math.floor(n)));
}

/** The value for an exchange to another size of the same product: the size's own value. */
export const sizeChoice = (size: ExchangeSize): ExchangeChoice => ({ value: size.value, label: size.label || size.value, kind: 'size' });

/** Another style of the same price: `{product_id}:{size}`, as the server gives it. */
export function styleChoice(p: OfferProduct): ExchangeChoice {
  const value = p.exchange_value || `${p.product_id}:${p.size}`;
  return { value, label: `${p.name}${p.color ? ` (${p.color})` : ''}, size ${p.size}`, kind: 'style' };
}

/** "Only 2 left" for a size with few pieces. */
export const fewLeft = (size: ExchangeSize) => (size.few_left !== null && size.few_left > 0 ? `Only ${size.few_left} left` : '');

// ---------------------------------------------------------------- the form

/** Spec 000 §9 refund source keys, as the server derives them (drape_domain::refunds::RefundSource::of). */
export function refundSource(d: Pick<OrderDetail, 'wallet_used' | 'to_pay'> & { order: Pick<Order, 'oh_details'> }): string {
  const cod = d.order.oh_details.payment_mode === 'COD';
  const wallet = d.wallet_used > 0;
  const rest = d.to_pay > 0;
  if (wallet && !rest) return 'wallet';
  if (cod) return wallet ? 'cod_mix' : 'cod';
  return wallet ? 'prepaid_mix' : 'prepaid';
}

/** The four lists that line up item by item: ids, quantities, processes, exchange sizes ('' for a return). */
export function formLists(picks: LinePick[]) {
  return {
    checked_products: picks.map((p) => String(p.id)).join(','),
    checked_prod_quantity: picks.map((p) => String(p.quantity)).join(','),
    checked_prod_process: picks.map((p) => p.process).join(','),
    checked_prod_exchange_size: picks.map((p) => (p.process === 'Exchange' ? (p.exchange?.value ?? '') : '')).join(','),
  };
}

/**
 * What /calculate_return_price_new/ is asked with. The new sizes do not change a refund (an exchange
 * refunds nothing), so they are left empty here: picking a size does not price the selection again.
 */
export function priceForm(orderId: string, picks: LinePick[], paymentType: string): ReturnPriceForm {
  return { orderId, ...formLists(picks.map((p) => ({ ...p, exchange: null }))), payment_type: paymentType, new_exchange_return: '1' };
}

export type PickupAddress = { full_name: string; address: string; address_pincode: string; city: string; state: string; mobile: string };
export const EMPTY_PICKUP: PickupAddress = { full_name: '', address: '', address_pincode: '', city: '', state: '', mobile: '' };

export type BankForm = { accountName: string; accountNnumber: string; confirmAccountNumber: string; ifscCode: string; branchName: string };
export const EMPTY_BANK: BankForm = { accountName: '', accountNnumber: '', confirmAccountNumber: '', ifscCode: '', branchName: '' };

export type ReturnChoices = {
  orderId: string;
  picks: LinePick[];
  reason: string;
  comment: string;
  /** Collect from another address (new_order_address 1), else from the delivery address. */
  otherAddress: boolean;
  pickup: PickupAddress;
  /** wallet, source or bank; '' when nothing is refunded. */
  refundType: string;
  bank: BankForm;
  paymentType: string;
};

/**
 * The request's form: the lists, the reason, the pickup address only when it is another one, the bank
 * details only for a bank refund (nothing typed for another route is sent), the order's refund source.
 */
export function returnForm(c: ReturnChoices): ReturnForm {
  const other = c.otherAddress;
  const bank = c.refundType === 'bank';
  const p = c.pickup;
  return {
    orderId: c.orderId,
    ...formLists(c.picks),
    reasons_for_refund: c.reason,
    reasons_comments: c.comment.trim(),
    new_order_address: other ? '1' : '0',
    full_name: other ? p.full_name.trim() : '',
    address: other ? p.address.trim() : '',
    address_pincode: other ? p.address_pincode.trim() : '',
    city: other ? p.city.trim() : '',
    state: other ? p.state.trim() : '',
    mobile: other ? p.mobile.trim() : '',
    refundType: c.refundType,
    accountName: bank ? c.bank.accountName.trim() : '',
    accountNnumber: bank ? accountDigits(c.bank.accountNnumber) : '',
    confirmAccountNumber: bank ? accountDigits(c.bank.confirmAccountNumber) : '',
    ifscCode: bank ? normaliseIfsc(c.bank.ifscCode) : '',
    branchName: bank ? c.bank.branchName.trim() : '',
    payment_type: c.paymentType,
    new_exchange_return: '1',
  };
}

// ---------------------------------------------------------------- checks, in the server's words

export const COMMENT_MAX = 500;
export const OTHER_REASON = 'Other';

export const RETURN_MESSAGES = {
  none: 'Please pick at least one item to return or exchange.',
  process: 'Choose Return or Exchange for this item.',
  size: 'Pick the size you want instead.',
  total: 'The quantity selected is more than what remains in this order.',
  reason: 'Please pick the reason for the return or exchange.',
  comment: 'Please tell us a little more in the comment.',
  commentLong: 'Please keep the comment under 500 characters.',
  refund: 'Choose where your refund goes.',
  /** Spec 000 §5 and §8, word for word. */
  bankMissing: 'please enter the bank details',
  /** Spec 000 §8, word for word. */
  noPickup: 'Reverse Pickup service is not available for this pincode',
  fullName: 'Please enter the name for the pickup.',
  address: 'Please enter the pickup address.',
  pincode: 'Please enter a valid 6 digit pincode',
  city: 'Please enter the city.',
  state: 'Please enter the state.',
  accountName: "Please enter the account holder's name as the bank has it.",
  accountNumber: 'Please enter an account number of 9 to 18 digits.',
  confirmAccountNumber: 'The account numbers do not match.',
  ifsc: 'Please enter a valid IFSC code',
  branch: 'Please enter the branch name.',
};

/** "Only 1 of Lace Bralette can still be returned or exchanged." */
export const onlyLeft = (line: OrderLine) => `Only ${line.rem_quantity} of ${line.name} can still be returned or exchanged.`;

/**
 * Spec 000 §5 quantity check: each line's pieces within what remains of it, and the pieces selected
 * within what remains of the order, gift wrap left out of both sums.
 */
export function quantityProblem(lines: OrderLine[], picks: LinePick[]): string | null {
  for (const p of picks) {
    const line = lines.find((l) => l.id === p.id);
    if (!line) continue;
    if (p.quantity < 1 || p.quantity > line.rem_quantity) return onlyLeft(line);
  }
  const counted = (id: number) => {
    const line = lines.find((l) => l.id === id);
    return line !== undefined && !isGiftWrap(line);
  };
  const selected = picks.filter((p) => counted(p.id)).reduce((n, p) => n + p.quantity, 0);
  const left = lines.filter((l) => !isGiftWrap(l)).reduce((n, l) => n + Math.max(0, l.rem_quantity), 0);
  return selected > left ? RETURN_MESSAGES.total : null;
}

/** The account number as digits only (spaces typed in groups are dropped). */
export const accountDigits = (s: string) => digitsOnly(s, 18);
/** The IFSC as the bank prints it: capitals, no spaces, 11 characters at most. */
export const normaliseIfsc = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 11);

const chars = (s: string) => Array.from(s).length;

export type BankField = keyof BankForm;
export type BankErrors = Partial<Record<BankField | 'bank', string>>;

/**
 * drape_domain::returns::check_bank_details, and the handler's first check: nothing typed at all is
 * 'please enter the bank details' (spec 000 §5); otherwise each field at fault by name. The holder's
 * name is 2–100 letters (Unicode Alphabetic, as Rust's `char::is_alphabetic`), spaces and dots; the
 * account number 9–18 digits, typed twice the same; the IFSC 4 letters, a 0, 6 letters or digits, read
 * in capitals (the server then looks it up in the bank list); the branch 2–100 characters.
 */
export function validateBank(b: BankForm): BankErrors {
  const given = [b.accountName, b.accountNnumber, b.ifscCode, b.branchName].some((v) => v.trim() !== '');
  if (!given) return { bank: RETURN_MESSAGES.bankMissing };
  const out: BankErrors = {};
  const name = b.accountName.trim();
  if (chars(name) < 2 || chars(name) > 100 || !/^[\p{Alphabetic} .]+$/u.test(name)) out.accountName = RETURN_MESSAGES.accountName;
  const number = b.accountNnumber.replace(/\s/g, '');
  const again = b.confirmAccountNumber.replace(/\s/g, '');
  if (!/^\d{9,18}$/.test(number)) out.accountNnumber = RETURN_MESSAGES.accountNumber;
  else if (number !== again) out.confirmAccountNumber = RETURN_MESSAGES.confirmAccountNumber;
  if (!isIfsc(b.ifscCode.trim().toUpperCase())) out.ifscCode = RETURN_MESSAGES.ifsc;
  const branch = b.branchName.trim();
  if (chars(branch) < 2 || chars(branch) > 100) out.branchName = RETURN_MESSAGES.branch;
  return out;
}

export type PickupField = keyof PickupAddress;

/** The server's check of another pickup address (returns.rs `pickup`). */
export function validatePickup(a: PickupAddress): Partial<Record<PickupField, string>> {
  const out: Partial<Record<PickupField, string>> = {};
  if (chars(a.full_name.trim()) < 2) out.full_name = RETURN_MESSAGES.fullName;
  if (chars(a.address.trim()) < 5) out.address = RETURN_MESSAGES.address;
  if (!isPincode(a.address_pincode.trim())) out.address_pincode = RETURN_MESSAGES.pincode;
  if (!a.city.trim()) out.city = RETURN_MESSAGES.city;
  if (!a.state.trim()) out.state = RETURN_MESSAGES.state;
  if (!isMobile(a.mobile.trim())) out.mobile = MOBILE_MESSAGE;
  return out;
}

/** Every place a message can sit on the page: an item's line, a field, a section, or the top. */
export type ReturnErrors = {
  items?: string;
  /** Per picked line: its process or its exchange size. */
  lines?: Record<number, string>;
  reason?: string;
  comment?: string;
  /** The delivery address (no pickup there). */
  pickup?: string;
  refund?: string;
  form?: string;
} & Partial<Record<PickupField, string>> &
  BankErrors;

/** Everything the browser can check before posting; an empty object means it may be sent. */
export function validateReturn(c: ReturnChoices, lines: OrderLine[], opts: { refundDue: boolean; routes: string[] }): ReturnErrors {
  const out: ReturnErrors = {};
  if (c.picks.length === 0) {
    out.items = RETURN_MESSAGES.none;
    return out;
  }
  const perLine: Record<number, string> = {};
  for (const p of c.picks) {
    if (!p.process) perLine[p.id] = RETURN_MESSAGES.process;
    else if (p.process === 'Exchange' && !p.exchange) perLine[p.id] = RETURN_MESSAGES.size;
  }
  if (Object.keys(perLine).length > 0) out.lines = perLine;
  const q = quantityProblem(lines, c.picks);
  if (q) out.items = q;
  if (!c.reason) out.reason = RETURN_MESSAGES.reason;
  const comment = c.comment.trim();
  if (chars(comment) > COMMENT_MAX) out.comment = RETURN_MESSAGES.commentLong;
  else if (c.reason === OTHER_REASON && !comment) out.comment = RETURN_MESSAGES.comment;
  if (c.otherAddress) Object.assign(out, validatePickup(c.pickup));
  if (opts.refundDue) {
    if (!c.refundType || !opts.routes.includes(c.refundType)) out.refund = RETURN_MESSAGES.refund;
    else if (c.refundType === 'bank') Object.assign(out, validateBank(c.bank));
  }
  return out;
}

/** The order in which the page's messages are met, top to bottom (the first takes the focus). */
export const ERROR_ORDER: (keyof ReturnErrors)[] = [
  'form',
  'items',
  'lines',
  'reason',
  'comment',
  'pickup',
  'full_name',
  'address',
  'address_pincode',
  'city',
  'state',
  'mobile',
  'refund',
  'bank',
  'accountName',
  'accountNnumber',
  'confirmAccountNumber',
  'ifscCode',
  'branchName',
];

const SERVER_FIELDS: Record<string, keyof ReturnErrors> = {
  checked_products: 'items',
  checked_prod_quantity: 'items',
  checked_prod_process: 'items',
  checked_prod_exchange_size: 'items',
  reasons_for_refund: 'reason',
  reasons_comments: 'comment',
  new_order_address: 'pickup',
  full_name: 'full_name',
  address: 'address',
  address_pincode: 'address_pincode',
  city: 'city',
  state: 'state',
  mobile: 'mobile',
  refundType: 'refund',
  accountName: 'accountName',
  accountNnumber: 'accountNnumber',
  confirmAccountNumber: 'confirmAccountNumber',
  ifscCode: 'ifscCode',
  branchName: 'branchName',
};

/**
 * A refusal of the server, placed where the shopper will act on it: field errors under their fields;
 * no reverse pickup under the address it is about; missing bank details at the bank form; the rest
 * (pieces already sent back, a size just sold out, the window closed) at the top.
 */
export function placeServerError(
  err: { status: number; code: string; message: string; fields: Record<string, string> },
  otherAddress: boolean,
): ReturnErrors {
  const out: ReturnErrors = {};
  for (const [field, message] of Object.entries(err.fields)) {
    const at = SERVER_FIELDS[field];
    if (at && at !== 'lines') (out as Record<string, string>)[at] = message;
  }
  if (Object.keys(out).length > 0) return out;
  if (err.code === 'no_reverse_pickup') return otherAddress ? { address_pincode: err.message } : { pickup: err.message };
  if (err.code === 'bank_details_missing') return { bank: err.message };
  return { form: err.message };
}

// ---------------------------------------------------------------- words

/** What the request is, by what was picked. */
export function requestNoun(processes: (Process | '')[]): 'return' | 'exchange' | 'return and exchange' | 'return or exchange' {
  const r = processes.includes('Return');
  const e = processes.includes('Exchange');
  if (r && e) return 'return and exchange';
  if (r) return 'return';
  if (e) return 'exchange';
  return 'return or exchange';
}

/** Where a refund can go, in the shopper's words (the refund is paid once the pieces are received). */
export const ROUTE_WORDS: Record<string, { title: string; text: string }> = {
  wallet: { title: 'Drape wallet', text: 'At once, as soon as we receive the pieces' },
  source: { title: 'Original payment method', text: '5–7 working days after we receive the pieces' },
  bank: { title: 'Bank account', text: 'A bank transfer after we receive the pieces' },
};

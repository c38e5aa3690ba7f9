import type { Address, AddressRequest } from '@/shared/api/types';
import { digitsOnly, isPhone, isPincode } from '@/shared/lib/validation';

/*
 * The address book's rules, apart from React: the form's values and the server's checks on them
 * (crates/domain/src/addresses.rs `check`, message for message, so the browser refuses exactly what the
 * server would), the address type's Home / Work / Other choice, and how an address reads on its card
 * and on the clipboard.
 */

/** How many addresses a book holds (the server's MAX_ADDRESSES). */
export const MAX_ADDRESSES = 20;
export const PINCODE_LENGTH = 6;
/** Ten digits, after an optional trunk zero (spec 000 §5's general phone rule). */
export const PHONE_MAX_LENGTH = 11;

export const ADDRESS_LIMITS = { addressee: 80, street: 200, place: 60, type: 30 } as const;

export const ADDRESS_MESSAGES = {
  addresseeRequired: 'Please enter the name of the person receiving the order',
  addresseeTooLong: `Max ${ADDRESS_LIMITS.addressee} characters allowed in name`,
  street1Required: 'Please enter the house number and street',
  streetTooLong: `Max ${ADDRESS_LIMITS.street} characters allowed in address`,
  typeTooLong: `Max ${ADDRESS_LIMITS.type} characters allowed in address type`,
  /** The browser's own: 'Other' with nothing typed would be saved as 'Home' (the server's blank type). */
  otherTypeRequired: 'Please enter a name for this address, such as Mom’s place',
  pincode: 'Please enter a valid 6 digit pincode',
  cityRequired: 'Please enter the city',
  cityTooLong: `Max ${ADDRESS_LIMITS.place} characters allowed in city`,
  stateRequired: 'Please enter the state',
  stateTooLong: `Max ${ADDRESS_LIMITS.place} characters allowed in state`,
  phone: 'Please enter your 10 digit phone number',
} as const;

/** The form's fields, in the order they appear (the first one at fault takes the focus). */
export const ADDRESS_FIELDS = [
  'addressee',
  'phone',
  'postal_code',
  'street1',
  'street2',
  'city',
  'state',
  'alt_phone',
  'address_type',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressErrors = Partial<Record<AddressField, string>>;

export const ADDRESS_TYPES = ['Home', 'Work', 'Other'] as const;
export type AddressTypeChoice = (typeof ADDRESS_TYPES)[number];

export interface AddressFormValues {
  addressee: string;
  phone: string;
  alt_phone: string;
  postal_code: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  typeChoice: AddressTypeChoice;
  /** the shopper's own word when `typeChoice` is 'Other' (spec 000 §5: it is sent as the type) */
  otherType: string;
  is_default_shipping: boolean;
}

export function emptyAddressForm(): AddressFormValues {
  return {
    addressee: '',
    phone: '',
    alt_phone: '',
    postal_code: '',
    street1: '',
    street2: '',
    city: '',
    state: '',
    typeChoice: 'Home',
    otherType: '',
    is_default_shipping: false,
  };
}

/** 'Home' and 'Work' (any case) are those choices; a blank type is the server's 'Home'; anything else is 'Other'. */
export function typeChoiceOf(addressType: string): { typeChoice: AddressTypeChoice; otherType: string } {
  const t = addressType.trim();
  if (t === '' || t.toLowerCase() === 'home') return { typeChoice: 'Home', otherType: '' };
  if (t.toLowerCase() === 'work') return { typeChoice: 'Work', otherType: '' };
  return { typeChoice: 'Other', otherType: t };
}

/** The value sent as `address_type`: the choice, or for 'Other' the words typed. */
export function addressTypeValue(values: Pick<AddressFormValues, 'typeChoice' | 'otherType'>): string {
  return values.typeChoice === 'Other' ? values.otherType.trim() : values.typeChoice;
}

export function formFromAddress(a: Address): AddressFormValues {
  return {
    addressee: a.addressee,
    phone: a.phone,
    alt_phone: a.alt_phone,
    postal_code: a.postal_code,
    street1: a.street1,
    street2: a.street2,
    city: a.city,
    state: a.state,
    ...typeChoiceOf(a.address_type),
    is_default_shipping: a.is_default_shipping,
  };
}

/** Characters as the server counts them (code points: Hindi and emoji count once each). */
const chars = (s: string) => Array.from(s).length;

/** The server reads '98765 43210' and '098765-43210' as the digits typed. */
export function phoneDigitsOf(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * What a phone field keeps while typing or pasting: digits only, at most 11 (a trunk zero and ten
 * digits). A pasted or autofilled '+91 98765 43210' loses its country code.
 */
export function phoneInput(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length >= 12 && digits.startsWith('91')) digits = digits.slice(2);
  return digits.slice(0, PHONE_MAX_LENGTH);
}

/** What the pincode field keeps: digits only, at most six. */
export function pincodeInput(value: string): string {
  return digitsOnly(value, PINCODE_LENGTH);
}

/**
 * Every rule the server applies, with its messages, all at once (an empty object: good to send).
 * The one rule of the browser's own: 'Other' needs its words.
 */
export function validateAddress(values: AddressFormValues): AddressErrors {
  const errors: AddressErrors = {};
  const addressee = values.addressee.trim();
  if (addressee === '') errors.addressee = ADDRESS_MESSAGES.addresseeRequired;
  else if (chars(addressee) > ADDRESS_LIMITS.addressee) errors.addressee = ADDRESS_MESSAGES.addresseeTooLong;

  const street1 = values.street1.trim();
  if (street1 === '') errors.street1 = ADDRESS_MESSAGES.street1Required;
  else if (chars(street1) > ADDRESS_LIMITS.street) errors.street1 = ADDRESS_MESSAGES.streetTooLong;
  if (chars(values.street2.trim()) > ADDRESS_LIMITS.street) errors.street2 = ADDRESS_MESSAGES.streetTooLong;

  const type = addressTypeValue(values);
  if (values.typeChoice === 'Other' && type === '') errors.address_type = ADDRESS_MESSAGES.otherTypeRequired;
  else if (chars(type) > ADDRESS_LIMITS.type) errors.address_type = ADDRESS_MESSAGES.typeTooLong;

  if (!isPincode(values.postal_code.trim())) errors.postal_code = ADDRESS_MESSAGES.pincode;

  const city = values.city.trim();
  if (city === '') errors.city = ADDRESS_MESSAGES.cityRequired;
  else if (chars(city) > ADDRESS_LIMITS.place) errors.city = ADDRESS_MESSAGES.cityTooLong;
  const state = values.state.trim();
  if (state === '') errors.state = ADDRESS_MESSAGES.stateRequired;
  else if (chars(state) > ADDRESS_LIMITS.place) errors.state = ADDRESS_MESSAGES.stateTooLong;

  if (!isPhone(phoneDigitsOf(values.phone))) errors.phone = ADDRESS_MESSAGES.phone;
  const alt = phoneDigitsOf(values.alt_phone);
  if (alt !== '' && !isPhone(alt)) errors.alt_phone = ADDRESS_MESSAGES.phone;
  return errors;
}

export function firstErrorField(errors: AddressErrors): AddressField | null {
  return ADDRESS_FIELDS.find((f) => errors[f]) ?? null;
}

/**
 * A 400's `fields`, split into the messages for the form's fields and the rest (a field the form does
 * not have, which the shopper must still read).
 */
export function serverFieldErrors(fields: Record<string, string>): { errors: AddressErrors; other: string[] } {
  const errors: AddressErrors = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    if ((ADDRESS_FIELDS as readonly string[]).includes(name)) errors[name as AddressField] = message;
    else other.push(message);
  }
  return { errors, other };
}

/** The JSON the server takes: trimmed, phones as digits, the type chosen or typed. */
export function toAddressRequest(values: AddressFormValues): AddressRequest {
  return {
    addressee: values.addressee.trim(),
    street1: values.street1.trim(),
    street2: values.street2.trim(),
    address_type: addressTypeValue(values),
    state: values.state.trim(),
    city: values.city.trim(),
    postal_code: values.postal_code.trim(),
    phone: phoneDigitsOf(values.phone),
    alt_phone: phoneDigitsOf(values.alt_phone),
    is_default_shipping: values.is_default_shipping,
  };
}

/** A saved address sent back as it is, made the default ('Make default'). */
export function asDefault(a: Address): AddressRequest {
  return { ...toAddressRequest(formFromAddress(a)), is_default_shipping: true };
}

/** A ten-digit number as '98765 43210'; anything else (a trunk zero's landline) as stored. */
export function formatPhone(phone: string): string {
  return /^\d{10}$/.test(phone) ? `${phone.slice(0, 5)} ${phone.slice(5)}` : phone;
}

/** 'Mumbai, Maharashtra 400050' */
export function placeLine(a: Pick<Address, 'city' | 'state' | 'postal_code'>): string {
  return `${[a.city, a.state].filter(Boolean).join(', ')} ${a.postal_code}`.trim();
}

/** The lines of an address as a card shows them and a courier reads them. */
export function addressLines(a: Address): string[] {
  const phones = [a.phone, a.alt_phone].filter(Boolean).map(formatPhone).join(', ');
  return [a.addressee, a.street1, a.street2, placeLine(a), phones ? `Phone: ${phones}` : ''].filter((l) => l.trim() !== '');
}

/** What 'Copy' puts on the clipboard: the address, one line each. */
export function addressText(a: Address): string {
  return addressLines(a).join('\n');
}

/** The card's small type label: the saved word, 'Home' when blank. */
export function typeLabel(a: Pick<Address, 'address_type'>): string {
  return a.address_type.trim() || 'Home';
}

export const PICKUP_YES = 'Returns can be picked up here';
export const PICKUP_NO = 'No return pickup at this pincode';

export function pickupNote(a: Pick<Address, 'pickup_available_data'>): string {
  return a.pickup_available_data.reverse_pickup_available ? PICKUP_YES : PICKUP_NO;
}

/**
 * The 'Make this my default address' box: the first address of a book is its default whatever is
 * ticked, and the default stays the default until another is chosen (unticking it changes nothing),
 * so in both cases the box shows ticked and cannot be changed, with the reason.
 */
export function defaultChoice(input: { editing: Address | null; bookSize: number }): { locked: boolean; note: string | null } {
  if (input.editing?.is_default_shipping) {
    return { locked: true, note: 'This is your default address. Make another one the default to change it.' };
  }
  if (!input.editing && input.bookSize === 0) return { locked: true, note: 'Your first address is your default.' };
  return { locked: false, note: null };
}

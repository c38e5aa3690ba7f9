import { describe, expect, it } from 'vitest';
import type { Address } from '@/shared/api/types';
import { vectors } from '@/test/vectors';
import {
  ADDRESS_MESSAGES,
  PICKUP_NO,
  PICKUP_YES,
  addressText,
  asDefault,
  defaultChoice,
  emptyAddressForm,
  firstErrorField,
  formFromAddress,
  formatPhone,
  phoneInput,
  pickupNote,
  pincodeInput,
  serverFieldErrors,
  toAddressRequest,
  typeChoiceOf,
  typeLabel,
  validateAddress,
  type AddressFormValues,
} from './addresses';

/** The Rust domain test's good address (crates/domain/src/addresses.rs). */
const good = (over: Partial<AddressFormValues> = {}): AddressFormValues => ({
  ...emptyAddressForm(),
  addressee: ' Riya Sharma ',
  street1: 'Flat 4B, Sunrise Apartments',
  state: 'Maharashtra',
  city: 'Mumbai',
  postal_code: '400050',
  phone: '98765 43210',
  is_default_shipping: true,
  ...over,
});

const saved = (over: Partial<Address> = {}): Address => ({
  id: 7,
  addressee: 'Riya Sharma',
  street1: 'Flat 4B, Sunrise Apartments',
  street2: 'Near Hill Road',
  address_type: 'Home',
  state: 'Maharashtra',
  city: 'Mumbai',
  postal_code: '400050',
  phone: '9876543210',
  alt_phone: '02226401234',
  is_default_shipping: false,
  is_pickup: false,
  pickup_available_data: { reverse_pickup_available: true },
  ...over,
});

describe('address rules (the server’s, message for message)', () => {
  it('a good address passes, and is sent trimmed with phones as digits and the type chosen', () => {
    expect(validateAddress(good())).toEqual({});
    expect(toAddressRequest(good())).toEqual({
      addressee: 'Riya Sharma',
      street1: 'Flat 4B, Sunrise Apartments',
      street2: '',
      address_type: 'Home',
      state: 'Maharashtra',
      city: 'Mumbai',
      postal_code: '400050',
      phone: '9876543210',
      alt_phone: '',
      is_default_shipping: true,
    });
    const other = good({ typeChoice: 'Other', otherType: " Mom's place ", alt_phone: '022-26401234' });
    expect(validateAddress(other)).toEqual({});
    expect(toAddressRequest(other)).toMatchObject({ address_type: "Mom's place", alt_phone: '02226401234' });
    expect(toAddressRequest(good({ typeChoice: 'Work', otherType: 'left over' })).address_type).toBe('Work');
  });

  it('every field says what is wrong at once (the domain test’s bad address)', () => {
    const errors = validateAddress({
      addressee: ' ',
      street1: 'x'.repeat(201),
      street2: 'y'.repeat(201),
      typeChoice: 'Other',
      otherType: 'z'.repeat(31),
      state: '',
      city: 'c'.repeat(61),
      postal_code: '012345',
      phone: '12345',
      alt_phone: '0012345678',
      is_default_shipping: false,
    });
    expect(Object.keys(errors).sort()).toEqual([
      'address_type',
      'addressee',
      'alt_phone',
      'city',
      'phone',
      'postal_code',
      'state',
      'street1',
      'street2',
    ]);
    expect(errors).toEqual({
      addressee: 'Please enter the name of the person receiving the order',
      street1: 'Max 200 characters allowed in address',
      street2: 'Max 200 characters allowed in address',
      address_type: 'Max 30 characters allowed in address type',
      postal_code: 'Please enter a valid 6 digit pincode',
      city: 'Max 60 characters allowed in city',
      state: 'Please enter the state',
      phone: 'Please enter your 10 digit phone number',
      alt_phone: 'Please enter your 10 digit phone number',
    });
    expect(validateAddress(good({ addressee: '', street1: ' ', city: '' }))).toEqual({
      addressee: ADDRESS_MESSAGES.addresseeRequired,
      street1: ADDRESS_MESSAGES.street1Required,
      city: ADDRESS_MESSAGES.cityRequired,
    });
  });

  it('lengths are counted in characters, as the server counts them', () => {
    const hindi = 'प्रिया'; // 6 code points
    expect(Array.from(hindi)).toHaveLength(6);
    expect(validateAddress(good({ addressee: hindi.repeat(13) + 'ab' })).addressee).toBeUndefined(); // 80
    expect(validateAddress(good({ addressee: hindi.repeat(13) + 'abc' })).addressee).toBe(ADDRESS_MESSAGES.addresseeTooLong); // 81
    expect(validateAddress(good({ city: '🏙'.repeat(60) })).city).toBeUndefined();
    expect(validateAddress(good({ typeChoice: 'Other', otherType: 'z'.repeat(30) })).address_type).toBeUndefined();
  });

  it('the phone and pincode vectors: the shared rules, after the server’s reading of spaces and dashes', () => {
    for (const v of vectors.phone.valid) {
      expect(validateAddress(good({ phone: v })).phone, v).toBeUndefined();
      expect(validateAddress(good({ alt_phone: v })).alt_phone, v).toBeUndefined();
    }
    for (const v of vectors.phone.invalid) {
      const readAsDigits = /[\s-]/.test(v);
      expect(validateAddress(good({ phone: v })).phone, v).toBe(readAsDigits ? undefined : ADDRESS_MESSAGES.phone);
    }
    expect(validateAddress(good({ alt_phone: '' })).alt_phone, 'the alternate phone is optional').toBeUndefined();
    for (const v of vectors.pincode.valid) expect(validateAddress(good({ postal_code: v })).postal_code, v).toBeUndefined();
    for (const v of vectors.pincode.invalid) {
      // the server trims the pincode before its check
      expect(validateAddress(good({ postal_code: v })).postal_code, v).toBe(v.trim() === '110001' ? undefined : ADDRESS_MESSAGES.pincode);
    }
  });

  it('Other needs its words (else the server would save the blank type as Home)', () => {
    expect(validateAddress(good({ typeChoice: 'Other', otherType: '  ' })).address_type).toBe(ADDRESS_MESSAGES.otherTypeRequired);
  });

  it('the first field at fault is the first in the form', () => {
    expect(firstErrorField({ state: 'x', phone: 'y' })).toBe('phone');
    expect(firstErrorField({})).toBeNull();
  });

  it('a 400’s fields: the form’s own, and the rest to read', () => {
    expect(serverFieldErrors({ postal_code: 'We don’t know this pincode.', pincode: 'Please enter a valid 6 digit pincode' })).toEqual({
      errors: { postal_code: 'We don’t know this pincode.' },
      other: ['Please enter a valid 6 digit pincode'],
    });
  });
});

describe('typing', () => {
  it('phones keep digits (at most 11); a pasted +91 loses its country code', () => {
    expect(phoneInput('+91 98765 43210')).toBe('9876543210');
    expect(phoneInput('098765-43210')).toBe('09876543210');
    expect(phoneInput('98765 4321')).toBe('987654321');
    expect(phoneInput('9876543210999')).toBe('98765432109');
    expect(phoneInput('9198765432')).toBe('9198765432');
  });

  it('the pincode keeps six digits', () => {
    expect(pincodeInput('400 050')).toBe('400050');
    expect(pincodeInput('4000501')).toBe('400050');
    expect(pincodeInput('40a0')).toBe('400');
  });
});

describe('address types', () => {
  it('Home and Work are choices; a blank type is Home; any other word is Other with that word', () => {
    expect(typeChoiceOf('Home')).toEqual({ typeChoice: 'Home', otherType: '' });
    expect(typeChoiceOf(' work ')).toEqual({ typeChoice: 'Work', otherType: '' });
    expect(typeChoiceOf('')).toEqual({ typeChoice: 'Home', otherType: '' });
    expect(typeChoiceOf('Pickup')).toEqual({ typeChoice: 'Other', otherType: 'Pickup' });
    expect(typeChoiceOf("Mom's place")).toEqual({ typeChoice: 'Other', otherType: "Mom's place" });
    expect(typeLabel({ address_type: '' })).toBe('Home');
    expect(typeLabel({ address_type: "Mom's place" })).toBe("Mom's place");
  });

  it('an address opens in the form as saved, and goes back unchanged when made the default', () => {
    const a = saved({ address_type: "Mom's place" });
    expect(formFromAddress(a)).toMatchObject({ typeChoice: 'Other', otherType: "Mom's place", alt_phone: '02226401234' });
    expect(asDefault(a)).toEqual({
      addressee: a.addressee,
      street1: a.street1,
      street2: a.street2,
      address_type: "Mom's place",
      state: a.state,
      city: a.city,
      postal_code: a.postal_code,
      phone: a.phone,
      alt_phone: a.alt_phone,
      is_default_shipping: true,
    });
  });
});

describe('how an address reads', () => {
  it('on the clipboard: one line each, blank lines left out', () => {
    expect(addressText(saved())).toBe(
      'Riya Sharma\nFlat 4B, Sunrise Apartments\nNear Hill Road\nMumbai, Maharashtra 400050\nPhone: 98765 43210, 02226401234',
    );
    expect(addressText(saved({ street2: '', alt_phone: '' }))).toBe(
      'Riya Sharma\nFlat 4B, Sunrise Apartments\nMumbai, Maharashtra 400050\nPhone: 98765 43210',
    );
  });

  it('mobile numbers in two groups', () => {
    expect(formatPhone('9876543210')).toBe('98765 43210');
    expect(formatPhone('02226401234')).toBe('02226401234');
    expect(formatPhone('12345')).toBe('12345');
  });

  it('return pickup, from the pincode’s courier', () => {
    expect(pickupNote(saved())).toBe(PICKUP_YES);
    expect(pickupNote(saved({ pickup_available_data: { reverse_pickup_available: false } }))).toBe(PICKUP_NO);
  });
});

describe('the default box', () => {
  it('locked and ticked for a book’s first address and for the default itself; free otherwise', () => {
    expect(defaultChoice({ editing: null, bookSize: 0 })).toEqual({ locked: true, note: 'Your first address is your default.' });
    expect(defaultChoice({ editing: saved({ is_default_shipping: true }), bookSize: 2 }).locked).toBe(true);
    expect(defaultChoice({ editing: saved(), bookSize: 2 })).toEqual({ locked: false, note: null });
    expect(defaultChoice({ editing: null, bookSize: 3 })).toEqual({ locked: false, note: null });
  });
});

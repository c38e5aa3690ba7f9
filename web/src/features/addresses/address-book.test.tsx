// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address, AddressBook, AddressRequest, Me, Serviceability } from '@/shared/api/types';
import { calls, json, renderWithProviders, serve, type Handler } from '@/test/fake-api';
import { AddressBookPage } from './components/AddressBookPage';
import { meFixture } from '@/test/fixtures';

const guest: Me = meFixture();
const shopper: Me = {
  is_authenticated: true,
  user: { id: 1, mobile: '9876543210', email: null, name: 'Riya', is_superuser: false, can_see_unused_stock: false },
  wishlistCount: 0,
  cartCount: 0,
  notificationCount: 0,
  buy_now_login_prompt: false,
  image_quality: 80,
};

const address = (over: Partial<Address> = {}): Address => ({
  id: 1,
  addressee: 'Riya Sharma',
  street1: 'Flat 4B, Sunrise Apartments',
  street2: 'Near Hill Road',
  address_type: 'Home',
  state: 'Maharashtra',
  city: 'Mumbai',
  postal_code: '400050',
  phone: '9876543210',
  alt_phone: '',
  is_default_shipping: true,
  is_pickup: false,
  pickup_available_data: { reverse_pickup_available: true },
  ...over,
});
const office = address({
  id: 2,
  addressee: 'Riya Sharma',
  street1: '5th floor, Prestige Tower',
  street2: '',
  address_type: 'Work',
  city: 'Bangalore',
  state: 'Karnataka',
  postal_code: '560001',
  is_default_shipping: false,
  pickup_available_data: { reverse_pickup_available: false },
});

const bookOf = (addresses: Address[], roomLeft = 20 - addresses.length): AddressBook => ({ addresses, room_left: roomLeft });

const serviceable = (pincode: string, city: string, state: string): Serviceability => ({
  pincode,
  city,
  state,
  deliverable: true,
  prepaid_available: true,
  cod_available: true,
  pickup_available_data: { reverse_pickup_available: true },
  days: 3,
  estimated_delivery_date: '2026-11-26',
  message: 'Delivery by Thu, 26 Nov. Cash on delivery available.',
});

/**
 * A fake address book as the server keeps it: every change answers the whole book, the default first,
 * the first address is the default, choosing a default moves it.
 */
function fakeBook(start: Address[]) {
  let list = [...start];
  let nextId = 100;
  const answer = () => json(bookOf([...list].sort((a, b) => Number(b.is_default_shipping) - Number(a.is_default_shipping))));
  const stored = (id: number, body: AddressRequest, wasDefault: boolean): Address => ({
    ...address(),
    ...(body as Required<Omit<AddressRequest, 'id'>>),
    id,
    address_type: body.address_type || 'Home',
    is_default_shipping: wasDefault || Boolean(body.is_default_shipping) || list.length === 0,
    pickup_available_data: { reverse_pickup_available: true },
  });
  const makeDefault = (id: number) => {
    list = list.map((a) => ({ ...a, is_default_shipping: a.id === id }));
  };
  const routes: Record<string, Handler> = {
    'GET /api/v1/me/': () => json(shopper),
    'GET /api/v1/address-book/': answer,
    'POST /api/v1/address-book/': (_u, init) => {
      const body = JSON.parse(String(init.body)) as AddressRequest;
      const a = stored(nextId++, body, false);
      list = [a, ...list];
      if (a.is_default_shipping) makeDefault(a.id);
      return answer();
    },
  };
  return {
    routes,
    list: () => list,
    /** PUT /api/v1/address-book/{id}/ for one address */
    put: (id: number): Handler => {
      return (_u, init) => {
        const body = JSON.parse(String(init.body)) as AddressRequest;
        const before = list.find((a) => a.id === id)!;
        list = list.map((a) => (a.id === id ? stored(id, body, before.is_default_shipping) : a));
        if (body.is_default_shipping) makeDefault(id);
        return answer();
      };
    },
    remove: (id: number): Handler => {
      return () => {
        const gone = list.find((a) => a.id === id)!;
        list = list.filter((a) => a.id !== id);
        if (gone.is_default_shipping && list[0]) makeDefault(list[0].id);
        return answer();
      };
    },
  };
}

const cards = () => screen.getAllByTestId('address-card');
const cardOf = (street: string) => cards().find((c) => c.textContent!.includes(street))!;
const toast = (kind: 'success' | 'warning') => document.getElementById(`toast-${kind}`)?.textContent ?? '';
const bodyOf = (method: string, path: string) => {
  const c = calls.find((x) => x.method === method && x.url.pathname === path);
  return c ? String(c.init.body) : null;
};
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
/** The message shown under a field, through its aria-describedby. */
const errorUnder = (input: HTMLElement) => {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
};

function renderBook() {
  return renderWithProviders(<AddressBookPage />, { route: '/address-book/' });
}

describe('<AddressBookPage>', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('guests are asked to log in and come back to /address-book/', async () => {
    serve({ 'GET /api/v1/me/': () => json(guest) });
    renderBook();
    const panel = await screen.findByTestId('address-login');
    expect(within(panel).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Faddress-book%2F');
    expect(calls.some((c) => c.url.pathname === '/api/v1/address-book/')).toBe(false);
  });

  it('a 401 from the book (the session ended) is the login panel too', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/address-book/': () => json({ error: 'login_required', message: 'Please log in to continue.' }, 401),
    });
    renderBook();
    expect(await screen.findByTestId('address-login')).toBeTruthy();
  });

  it('lists each address as a card: default first with its badge, the type, the phones, return pickup', async () => {
    serve(fakeBook([address({ alt_phone: '02226401234' }), office]).routes);
    renderBook();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [home, work] = cards();
    expect(within(home!).getByTestId('address-default').textContent).toBe('Default');
    expect(within(home!).getByTestId('address-type').textContent).toBe('Home');
    expect(home!.textContent).toContain('Flat 4B, Sunrise Apartments');
    expect(home!.textContent).toContain('Near Hill Road');
    expect(home!.textContent).toContain('Mumbai, Maharashtra 400050');
    expect(home!.textContent).toContain('Phone: 98765 43210, 02226401234');
    expect(within(home!).getByTestId('address-pickup').textContent).toBe('Returns can be picked up here');
    expect(within(home!).queryByRole('button', { name: /^Make default/ })).toBeNull();

    expect(within(work!).queryByTestId('address-default')).toBeNull();
    expect(within(work!).getByTestId('address-type').textContent).toBe('Work');
    expect(within(work!).getByTestId('address-pickup').textContent).toBe('No return pickup at this pincode');
    expect(within(work!).getByRole('button', { name: 'Edit the address of Riya Sharma, 5th floor, Prestige Tower' })).toBeTruthy();
    expect(screen.getByTestId('address-count').textContent).toBe('2 addresses');
    expect(screen.getByRole('button', { name: 'Add a new address' })).toBeTruthy();
  });

  it('a full book hides the add button and says so', async () => {
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v1/address-book/': () => json(bookOf([address()], 0)) });
    renderBook();
    expect((await screen.findByTestId('address-full')).textContent).toContain('Your address book is full (20 addresses)');
    expect(screen.queryByRole('button', { name: 'Add a new address' })).toBeNull();
  });

  it('adds a first address: the pincode fills city and state and shows the delivery line; the card is the default', async () => {
    const fake = fakeBook([]);
    serve({
      ...fake.routes,
      'POST /pin_state_city/': () => json({ pincode: '400050', city: 'Mumbai', state: 'Maharashtra' }),
      'GET /check_pincode/': (u) => json(serviceable(u.searchParams.get('pincode')!, 'Mumbai', 'Maharashtra')),
    });
    renderBook();
    const empty = await screen.findByTestId('address-empty');
    fireEvent.click(within(empty).getByRole('button', { name: 'Add your first address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new address' });

    const box = within(dialog).getByRole('checkbox', { name: 'Make this my default address' }) as HTMLInputElement;
    expect(box.checked && box.disabled).toBe(true);
    expect(within(dialog).getByText('Your first address is your default.')).toBeTruthy();

    type(field(dialog, 'Full name'), 'Riya Sharma');
    type(field(dialog, 'Phone number'), '+91 98765 43210');
    expect(field(dialog, 'Phone number').value).toBe('9876543210');
    const pincode = field(dialog, 'Pincode');
    expect(pincode.getAttribute('inputmode')).toBe('numeric');
    expect(pincode.getAttribute('autocomplete')).toBe('postal-code');
    type(pincode, '40005');
    expect(calls.some((c) => c.url.pathname === '/pin_state_city/')).toBe(false);
    type(pincode, '400050');
    await waitFor(() => expect(field(dialog, 'City').value).toBe('Mumbai'));
    expect(field(dialog, 'State').value).toBe('Maharashtra');
    const form = new URLSearchParams(bodyOf('POST', '/pin_state_city/')!);
    expect(form.get('value')).toBe('400050');
    expect(form.get('csrfmiddlewaretoken')).toBe('tok123');
    expect((await within(dialog).findByTestId('serviceability')).textContent).toBe('Delivery by Thu, 26 Nov. Cash on delivery available.');

    // the shopper may still correct what the directory says
    type(field(dialog, 'City'), 'Mumbai Suburban');
    type(field(dialog, 'House / flat no. and street'), 'Flat 4B, Sunrise Apartments');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    type(within(dialog).getByLabelText('Name this address'), "Mom's place");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(bodyOf('POST', '/api/v1/address-book/')!)).toEqual({
      addressee: 'Riya Sharma',
      street1: 'Flat 4B, Sunrise Apartments',
      street2: '',
      address_type: "Mom's place",
      state: 'Maharashtra',
      city: 'Mumbai Suburban',
      postal_code: '400050',
      phone: '9876543210',
      alt_phone: '',
      is_default_shipping: true,
    });
    expect(cards()).toHaveLength(1);
    expect(within(cards()[0]!).getByTestId('address-default')).toBeTruthy();
    expect(within(cards()[0]!).getByTestId('address-type').textContent).toBe("Mom's place");
    expect(toast('success')).toContain('Address saved');
  });

  it('checks the form before sending, with the messages under the fields', async () => {
    serve(fakeBook([address()]).routes);
    renderBook();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new address' });
    type(field(dialog, 'Phone number'), '12345');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));

    const name = field(dialog, 'Full name');
    expect(errorUnder(name)).toBe('Please enter the name of the person receiving the order');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(errorUnder(field(dialog, 'Phone number'))).toBe('Please enter your 10 digit phone number');
    expect(errorUnder(field(dialog, 'Pincode'))).toBe('Please enter a valid 6 digit pincode');
    expect(errorUnder(field(dialog, 'House / flat no. and street'))).toBe('Please enter the house number and street');
    expect(errorUnder(field(dialog, 'City'))).toBe('Please enter the city');
    expect(errorUnder(field(dialog, 'State'))).toBe('Please enter the state');
    expect(errorUnder(field(dialog, 'Alternate phone'))).toBe('');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // typing clears that field's message
    type(name, 'R');
    expect(errorUnder(name)).toBe('');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('an unknown pincode says so under the field', async () => {
    serve({
      ...fakeBook([address()]).routes,
      'POST /pin_state_city/': () => json({ error: 'not_found', message: "We don't know this pincode. Please check it." }, 404),
      'GET /check_pincode/': () => json({ error: 'not_found', message: "We don't know this pincode. Please check it." }, 404),
    });
    renderBook();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new address' });
    const pincode = field(dialog, 'Pincode');
    type(pincode, '999999');
    await waitFor(() => expect(errorUnder(pincode)).toBe("We don't know this pincode. Please check it."));
    expect(within(dialog).queryByTestId('serviceability')).toBeNull();
    type(pincode, '012345');
    expect(errorUnder(pincode)).toBe('Please enter a valid 6 digit pincode');
  });

  it('the server’s refusals show under their fields; a refusal without fields shows above Save', async () => {
    let answer = json(
      {
        error: 'invalid_field',
        message: 'Please check the highlighted fields.',
        fields: { postal_code: "We don't know this pincode. Please check it.", alt_phone: 'Please enter your 10 digit phone number' },
      },
      400,
    );
    serve({
      ...fakeBook([address()]).routes,
      'POST /api/v1/address-book/': () => answer,
      'POST /pin_state_city/': () => json({ pincode: '400050', city: 'Mumbai', state: 'Maharashtra' }),
      'GET /check_pincode/': () => json(serviceable('400050', 'Mumbai', 'Maharashtra')),
    });
    renderBook();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new address' });
    type(field(dialog, 'Full name'), 'Riya Sharma');
    type(field(dialog, 'Phone number'), '9876543210');
    type(field(dialog, 'Pincode'), '400050');
    await waitFor(() => expect(field(dialog, 'City').value).toBe('Mumbai'));
    type(field(dialog, 'House / flat no. and street'), 'Flat 4B');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));

    await waitFor(() => expect(errorUnder(field(dialog, 'Pincode'))).toBe("We don't know this pincode. Please check it."));
    expect(errorUnder(field(dialog, 'Alternate phone'))).toBe('Please enter your 10 digit phone number');
    expect(field(dialog, 'Pincode').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(dialog, 'Pincode'));
    expect(within(dialog).queryByTestId('serviceability')).toBeNull();
    expect(within(dialog).queryByTestId('address-form-error')).toBeNull();

    answer = json({ error: 'bad_request', message: 'Your address book is full (20 addresses). Please delete one first.' }, 400);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect((await within(dialog).findByTestId('address-form-error')).textContent).toBe(
      'Your address book is full (20 addresses). Please delete one first.',
    );
    expect(screen.getByRole('dialog', { name: 'Add a new address' })).toBeTruthy();
  });

  it('edits an address with a PUT; the form opens as saved', async () => {
    const fake = fakeBook([address(), office]);
    serve({
      ...fake.routes,
      'PUT /api/v1/address-book/2/': fake.put(2),
      'GET /check_pincode/': () => json(serviceable('560001', 'Bangalore', 'Karnataka')),
    });
    renderBook();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(cardOf('Prestige Tower')).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    expect(field(dialog, 'House / flat no. and street').value).toBe('5th floor, Prestige Tower');
    expect((within(dialog).getByRole('radio', { name: 'Work' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Make this my default address' }) as HTMLInputElement).checked).toBe(false);
    // the saved pincode's delivery line, without asking the directory again
    expect((await within(dialog).findByTestId('serviceability')).textContent).toContain('Delivery by');
    expect(calls.some((c) => c.url.pathname === '/pin_state_city/')).toBe(false);

    type(field(dialog, 'Area / landmark'), 'MG Road');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(bodyOf('PUT', '/api/v1/address-book/2/')!)).toMatchObject({ street2: 'MG Road', address_type: 'Work' });
    expect(cardOf('Prestige Tower').textContent).toContain('MG Road');
    expect(toast('success')).toContain('Address updated');
  });

  it('Make default sends the address back as it is, as the default; the badge moves', async () => {
    const fake = fakeBook([address(), office]);
    serve({ ...fake.routes, 'PUT /api/v1/address-book/2/': fake.put(2) });
    renderBook();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(cardOf('Prestige Tower')).getByRole('button', { name: /^Make default/ }));
    await waitFor(() => expect(cards()[0]!.textContent).toContain('Prestige Tower'));
    expect(JSON.parse(bodyOf('PUT', '/api/v1/address-book/2/')!)).toEqual({
      addressee: 'Riya Sharma',
      street1: '5th floor, Prestige Tower',
      street2: '',
      address_type: 'Work',
      state: 'Karnataka',
      city: 'Bangalore',
      postal_code: '560001',
      phone: '9876543210',
      alt_phone: '',
      is_default_shipping: true,
    });
    expect(within(cardOf('Prestige Tower')).getByTestId('address-default')).toBeTruthy();
    expect(within(cardOf('Sunrise Apartments')).queryByTestId('address-default')).toBeNull();
    expect(within(cardOf('Sunrise Apartments')).getByRole('button', { name: /^Make default/ })).toBeTruthy();
  });

  it('Delete asks first; Keep it changes nothing; Delete takes it off', async () => {
    const fake = fakeBook([address(), office]);
    serve({ ...fake.routes, 'DELETE /api/v1/address-book/1/': fake.remove(1) });
    renderBook();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(cardOf('Sunrise Apartments')).getByRole('button', { name: /^Delete/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this address?' });
    expect(dialog.textContent).toContain('your newest other address becomes the default');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(cardOf('Sunrise Apartments')).getByRole('button', { name: /^Delete/ }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this address?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cards()[0]!.textContent).toContain('Prestige Tower');
    expect(within(cards()[0]!).getByTestId('address-default')).toBeTruthy();
    expect(toast('success')).toContain('Address deleted');
  });

  it('Copy puts the address on the clipboard and says Address Copied', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serve(fakeBook([address()]).routes);
    renderBook();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(within(cards()[0]!).getByRole('button', { name: /^Copy/ }));
    await waitFor(() => expect(toast('success')).toContain('Address Copied'));
    expect(writeText).toHaveBeenCalledWith(
      'Riya Sharma\nFlat 4B, Sunrise Apartments\nNear Hill Road\nMumbai, Maharashtra 400050\nPhone: 98765 43210',
    );
  });
});

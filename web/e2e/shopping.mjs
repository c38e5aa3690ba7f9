// Shopping steps the browser tests share (not a test file): an address from the page, a pincode the
// demo courier table serves, checkout, its payment tabs and the payment sandbox, the thank-you page's
// order number, the wallet's balance.
import { rupees } from './harness.mjs';

/** Adds a default address at `pincode` through the address book's own call, from the page. */
export function addAddress(page, pincode) {
  return page.evaluate(async (pin) => {
    const csrf = decodeURIComponent(/(?:^|; )csrftoken=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const place = await fetch('/pin_state_city/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRFToken': csrf },
      body: new URLSearchParams({ value: pin }),
    }).then((r) => r.json());
    const res = await fetch('/api/v1/address-book/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrf },
      body: JSON.stringify({
        addressee: 'Riya Sharma',
        street1: 'Flat 4B, Sunrise Apartments, Hill Road',
        street2: 'Near the park',
        address_type: 'Home',
        state: place.state,
        city: place.city,
        postal_code: pin,
        phone: '9876543210',
        is_default_shipping: true,
      }),
    });
    if (!res.ok) throw new Error(`address: ${res.status} ${await res.text()}`);
  }, pincode);
}

// Pincodes of the imported directory; the demo's courier table decides which take cash.
const CANDIDATES = [
  '400050',
  '560001',
  '110001',
  '600001',
  '700001',
  '411001',
  '380001',
  '500001',
  '302001',
  '226001',
  '682001',
  '122001',
  '201301',
  '452001',
  '641001',
];

/** The first candidate pincode the shop delivers to, with or without cash on delivery. */
export async function pincodeWhere(baseURL, cod) {
  for (const pin of CANDIDATES) {
    const s = await (await fetch(`${baseURL}/check_pincode/?pincode=${pin}`)).json();
    if (s.deliverable && s.prepaid_available && s.cod_available === cod) return pin;
  }
  throw new Error(`no candidate pincode with cod=${cod}`);
}

/** Opens checkout and waits until the page can be paid. */
export async function openCheckout(page) {
  await page.goto('/checkout/');
  await page.getByTestId('pay-bar').waitFor();
  await page.getByTestId('delivery').waitFor();
}

/** Opens a payment tab by its label. */
export async function openTab(page, label) {
  await page
    .getByTestId('payment-tabs')
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .click();
}

/** The sandbox's own page (bank, OTP, UPI request) shows over the shop; press one of its buttons. */
export async function sandboxPress(page, action) {
  const dialog = page.locator('#rzp-sandbox');
  await dialog.waitFor();
  await dialog.locator(`button[data-action="${action}"]`).click();
}

/** The thank-you page's order number. */
export async function placedOrderRef(page) {
  await page.waitForURL((u) => u.pathname.startsWith('/checkout/complete'), { timeout: 20_000 });
  const ref = page.getByTestId('order-ref');
  await ref.waitFor({ timeout: 20_000 });
  return (await ref.innerText()).match(/DRP\d{7}/)[0];
}

/** The wallet page's balance in rupees. */
export async function walletBalance(page) {
  await page.goto('/account/wallet/');
  const amount = page.getByTestId('wallet-amount');
  await amount.waitFor();
  return rupees(await amount.locator('[aria-hidden="true"]').innerText());
}

// The address book (/address-book/) against the real server at 390×844: a guest is asked to log in; a new
// shopper adds a first address by typing its pincode (city and state come from the India Post directory,
// the delivery line from the demo's courier table derived from it), sees it listed as the default, adds a
// second, makes that the default, copies one ('Address Copied', spec 000 §8) and deletes one. The server
// imports the directory here (startServer's referenceData), as `make run` does.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, logIn, newPhonePage, screenshot, startServer } from './harness.mjs';

// A fresh shopper (created at the first login): the book starts empty. No other test uses this number.
const SHOPPER = '9000000061';
const HOME = { pincode: '400050', street1: 'Flat 4B, Sunrise Apartments, Hill Road', street2: 'Near Mehboob Studio, Bandra West' };
const WORK = { pincode: '560001', street1: '5th floor, Prestige Tower, MG Road' };

/** Toasts sit over the header on phones: close them before a screenshot. */
async function dismissToasts(page) {
  for (const b of await page.getByRole('button', { name: 'Dismiss' }).all()) await b.click().catch(() => {});
  await page.waitForFunction(() => !document.querySelector('.toast'));
  await page.mouse.move(100, 75); // over the page's title: no hover left on the header or a button
}

/** What the server itself says about a pincode, asked from the page (its cookies and origin). */
function askServer(page, pincode) {
  return page.evaluate(async (pin) => {
    const place = await fetch('/pin_state_city/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-CSRFToken': decodeURIComponent(/(?:^|; )csrftoken=([^;]*)/.exec(document.cookie)?.[1] ?? ''),
      },
      body: new URLSearchParams({ value: pin }),
    }).then((r) => r.json());
    const service = await fetch(`/check_pincode/?pincode=${pin}`).then((r) => r.json());
    return { place, service };
  }, pincode);
}

/**
 * Fills the open form: name, phone, then the pincode key by key; waits until city and state are filled
 * from the directory and the delivery line is shown; then the street lines. Returns what was filled in.
 */
async function fillAddress(page, form, { pincode, street1, street2 }) {
  await form.getByLabel('Full name', { exact: true }).fill('Riya Sharma');
  await form.getByLabel('Phone number', { exact: true }).fill('9876543210');
  const pin = form.getByLabel('Pincode', { exact: true });
  await pin.pressSequentially(pincode, { delay: 40 });
  assert.equal(await pin.inputValue(), pincode);
  const city = form.getByLabel('City', { exact: true });
  const state = form.getByLabel('State', { exact: true });
  await page.waitForFunction(() => {
    const value = (name) => document.querySelector(`#address-form input[name=${name}]`)?.value ?? '';
    return value('city') !== '' && value('state') !== '';
  });
  const delivery = form.getByTestId('serviceability');
  await delivery.waitFor();
  await form.getByLabel('House / flat no. and street').fill(street1);
  if (street2) await form.getByLabel('Area / landmark').fill(street2);
  return { city: await city.inputValue(), state: await state.inputValue(), delivery: await delivery.innerText() };
}

describe('address book', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer({ referenceData: true });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('a guest is asked to log in and come back', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await page.goto('/address-book/');
      const prompt = page.getByTestId('address-login');
      await prompt.waitFor();
      assert.equal(await prompt.getByRole('link', { name: 'Log in' }).getAttribute('href'), '/login?next=%2Faddress-book%2F');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('a new shopper adds two addresses by pincode, changes the default, copies one and deletes one', async () => {
    const { page, context, problems } = await newPhonePage(browser, server.baseURL);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
      await logIn(page, server.baseURL, '/address-book/', SHOPPER);
      const empty = page.getByTestId('address-empty');
      await empty.waitFor();

      // ---- the first address: the pincode fills city and state and says when it would arrive
      const home = await askServer(page, HOME.pincode);
      assert.ok(home.place.city && home.place.state, `the directory knows ${HOME.pincode}: ${JSON.stringify(home.place)}`);
      await empty.getByRole('button', { name: 'Add your first address' }).click();
      let form = page.getByRole('dialog', { name: 'Add a new address' });
      await form.waitFor();
      const defaultBox = form.getByRole('checkbox', { name: 'Make this my default address' });
      assert.equal(await defaultBox.isChecked(), true, 'the first address is the default');
      assert.equal(await defaultBox.isDisabled(), true);
      const filled = await fillAddress(page, form, HOME);
      assert.equal(filled.city, home.place.city);
      assert.equal(filled.state, home.place.state);
      // India Post's directory: 400050 is Bandra West S.O, district Mumbai, Maharashtra (title-cased on import)
      assert.equal(filled.city, 'Mumbai');
      assert.equal(filled.state, 'Maharashtra');
      assert.equal(filled.delivery, home.service.message);
      assert.match(filled.delivery, home.service.deliverable ? /^Delivery by \w{3}, \d{1,2} \w{3}\./ : /^Sorry, we do not deliver/);
      await dismissToasts(page); // 'You are now logged in'
      await form.getByLabel('Pincode', { exact: true }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(250); // the sheet's rise
      await screenshot(page, 'address-form.png');
      await form.getByRole('button', { name: 'Save address' }).click();
      await form.waitFor({ state: 'detached' });
      await page.locator('#toast-success').filter({ hasText: 'Address saved' }).waitFor();

      const cards = page.getByTestId('address-card');
      await cards.first().waitFor();
      assert.equal(await cards.count(), 1);
      const first = cards.first();
      assert.equal(await first.getByTestId('address-default').textContent(), 'Default');
      assert.equal(await first.getByTestId('address-type').textContent(), 'Home');
      const text = await first.textContent();
      for (const part of ['Riya Sharma', HOME.street1, HOME.street2, `Mumbai, Maharashtra ${HOME.pincode}`, 'Phone: 98765 43210']) {
        assert.ok(text.includes(part), `the card shows ${part}: ${text}`);
      }
      const pickup = home.service.pickup_available_data.reverse_pickup_available;
      assert.equal(
        await first.getByTestId('address-pickup').textContent(),
        pickup ? 'Returns can be picked up here' : 'No return pickup at this pincode',
      );

      // ---- a second address (Work), not the default yet
      await page.getByRole('button', { name: 'Add a new address' }).click();
      form = page.getByRole('dialog', { name: 'Add a new address' });
      await form.waitFor();
      const work = await askServer(page, WORK.pincode);
      const filledWork = await fillAddress(page, form, WORK);
      assert.equal(filledWork.city, work.place.city);
      assert.equal(filledWork.state, work.place.state);
      await form.getByText('Work', { exact: true }).click();
      assert.equal(await form.getByRole('radio', { name: 'Work' }).isChecked(), true);
      assert.equal(await form.getByRole('checkbox', { name: 'Make this my default address' }).isChecked(), false);
      await form.getByRole('button', { name: 'Save address' }).click();
      await form.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=address-card]').length === 2);
      assert.ok((await cards.first().textContent()).includes(HOME.street1), 'the default stays first');

      // ---- make the second one the default: it moves to the top with the badge
      const office = cards.filter({ hasText: WORK.street1 });
      await office.getByRole('button', { name: /^Make default/ }).click();
      await page.waitForFunction((street) => {
        const top = document.querySelector('[data-testid=address-card]');
        return top?.textContent.includes(street) && top.querySelector('[data-testid=address-default]');
      }, WORK.street1);
      assert.equal(await cards.filter({ hasText: HOME.street1 }).getByTestId('address-default').count(), 0);
      assert.equal(await cards.first().getByTestId('address-type').textContent(), 'Work');
      await dismissToasts(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'address-book.png');

      // ---- copy: the toast, and the address on the clipboard
      await cards.filter({ hasText: HOME.street1 }).getByRole('button', { name: /^Copy/ }).click();
      await page.locator('#toast-success').filter({ hasText: 'Address Copied' }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, `Riya Sharma\n${HOME.street1}\n${HOME.street2}\nMumbai, Maharashtra ${HOME.pincode}\nPhone: 98765 43210`);

      // ---- delete, after the confirmation
      await cards
        .filter({ hasText: HOME.street1 })
        .getByRole('button', { name: /^Delete/ })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Delete this address?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.locator('#toast-success').filter({ hasText: 'Address deleted' }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid=address-card]').length === 1);
      assert.ok((await cards.first().textContent()).includes(WORK.street1));
      assert.equal(await cards.first().getByTestId('address-default').count(), 1);

      // what the page shows is what the server keeps
      const book = await page.evaluate(() => fetch('/api/v1/address-book/').then((r) => r.json()));
      assert.equal(book.addresses.length, 1);
      assert.equal(book.addresses[0].street1, WORK.street1);
      assert.equal(book.addresses[0].is_default_shipping, true);
      assert.equal(book.room_left, 19);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

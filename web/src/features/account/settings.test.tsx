// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/shared/api/session';
import type { AccountSettings, SettingsUpdate } from '@/shared/api/types';
import { json, renderWithProviders, serve, type Handler } from '@/test/fake-api';
import { settingsChanges } from './account';
import { bodiesOf, callsTo, guest, shopper, toastText } from './account-fixtures';
import { settingsKey } from './api/get-settings';
import { SettingsPage } from './components/SettingsPage';

const saved: AccountSettings = {
  name: 'Riya',
  email: 'riya@example.com',
  mobile: '9876543210',
  notify_orders: true,
  notify_offers: false,
  notify_stock: true,
};

/** Who the header thinks is here. */
function Who() {
  const me = useSession();
  return <p data-testid="who">{me.data ? (me.data.user ? me.data.user.name : 'guest') : '-'}</p>;
}

function renderSettings() {
  return renderWithProviders(
    <>
      <Who />
      <Routes>
        <Route path="/account/settings" element={<SettingsPage />} />
        <Route path="/" element={<p>The home page</p>} />
        <Route path="/order/history/" element={<p>My orders</p>} />
      </Routes>
    </>,
    { route: '/account/settings' },
  );
}

/** A server with the shopper's settings; PATCH applies what is sent unless `patch` answers otherwise. */
function fakeServer(extra: Record<string, Handler> = {}) {
  let state = { ...saved };
  let deleted = false;
  serve({
    'GET /api/v1/me/': () => json(deleted ? guest : { ...shopper, user: { ...shopper.user!, name: state.name } }),
    'GET /api/v1/settings/': () => (deleted ? json({ error: 'login_required', message: 'Please log in to continue.' }, 401) : json(state)),
    'PATCH /api/v1/settings/': (_u, init) => {
      const change = JSON.parse(String(init.body)) as SettingsUpdate;
      state = { ...state, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== null && v !== undefined)) };
      return json(state);
    },
    'POST /api/v1/auth/otp/': () => json({ message: 'OTP sent to ******3210', resend_in: 30 }),
    'PATCH /api/v3/deleteAccount/': () => {
      deleted = true;
      return json({ status: 'deleted', message: 'Your account has been deleted.' });
    },
    'GET /cart_dropdown_mobile_ajax/': () => json({ cart_quantity: 0 }),
    ...extra,
  });
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const errorUnder = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  const under = id ? document.getElementById(id) : null;
  return under?.classList.contains('form-error') ? under.textContent : null;
};
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('what a save sends', () => {
  it('only the fields that changed, text trimmed; an emptied e-mail as ""', () => {
    expect(settingsChanges(saved, { ...saved })).toEqual({});
    expect(settingsChanges(saved, { ...saved, name: ' Riya ' })).toEqual({});
    expect(settingsChanges(saved, { ...saved, name: 'Riya Sharma ', notify_offers: true })).toEqual({
      name: 'Riya Sharma',
      notify_offers: true,
    });
    expect(settingsChanges(saved, { ...saved, email: '' })).toEqual({ email: '' });
    expect(settingsChanges({ ...saved, name: '' }, { ...saved, name: '', notify_stock: false })).toEqual({ notify_stock: false });
  });
});

describe('<SettingsPage>', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('guests are asked to log in and come back', async () => {
    serve({ 'GET /api/v1/me/': () => json(guest) });
    renderSettings();
    const panel = await screen.findByTestId('settings-login');
    expect(within(panel).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Faccount%2Fsettings');
    expect(callsTo('GET', '/api/v1/settings/')).toHaveLength(0);
  });

  it('a 401 (the session ended) is the login panel too', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/settings/': () => json({ error: 'login_required', message: 'Please log in to continue.' }, 401),
    });
    renderSettings();
    expect(await screen.findByTestId('settings-login')).toBeTruthy();
  });

  it('shows the name, e-mail, mobile and the three notification switches; nothing to save yet', async () => {
    fakeServer();
    renderSettings();
    await screen.findByTestId('settings-form');
    expect(field('Name').value).toBe('Riya');
    expect(field('E-mail').value).toBe('riya@example.com');
    expect(screen.getByTestId('settings-mobile').textContent).toBe('+91 98765 43210');
    expect((screen.getByRole('switch', { name: /Order updates/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: /Offers/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: /Back in stock/ }) as HTMLInputElement).checked).toBe(true);
    expect(save().disabled).toBe(true);
  });

  it('Save sends only what changed, says so, and the header hears the new name', async () => {
    fakeServer();
    renderSettings();
    await screen.findByTestId('settings-form');
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('Riya'));
    fireEvent.change(field('Name'), { target: { value: 'Riya Sharma' } });
    fireEvent.click(screen.getByRole('switch', { name: /Offers/ }));
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await waitFor(() => expect(toastText('success')).toContain('Your settings are saved'));
    expect(bodiesOf('PATCH', '/api/v1/settings/')).toEqual([{ name: 'Riya Sharma', notify_offers: true }]);
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('Riya Sharma'));
    expect(save().disabled).toBe(true);
  });

  it('an emptied e-mail is sent as "" (which removes it)', async () => {
    fakeServer();
    renderSettings();
    await screen.findByTestId('settings-form');
    fireEvent.change(field('E-mail'), { target: { value: '' } });
    fireEvent.click(save());
    await waitFor(() => expect(bodiesOf('PATCH', '/api/v1/settings/')).toEqual([{ email: '' }]));
  });

  it('the server’s e-mail check shows its message under the field; nothing is claimed saved', async () => {
    fakeServer({
      'PATCH /api/v1/settings/': () =>
        json(
          {
            error: 'invalid_field',
            message: 'Please enter a valid email address.',
            fields: { email: 'Please enter a valid email address.' },
          },
          400,
        ),
    });
    renderSettings();
    await screen.findByTestId('settings-form');
    fireEvent.change(field('E-mail'), { target: { value: 'riya@mail.xyz' } });
    fireEvent.click(save());
    await waitFor(() => expect(errorUnder('E-mail')).toBe('Please enter a valid email address.'));
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('E-mail'));
    expect(screen.queryByTestId('settings-form-error')).toBeNull();
    expect(toastText('success')).toBe('');
    fireEvent.change(field('E-mail'), { target: { value: 'riya@mail.com' } });
    expect(errorUnder('E-mail')).toBeNull();
  });

  it('a refusal without a field shows the server’s message above Save', async () => {
    fakeServer({
      'PATCH /api/v1/settings/': () => json({ error: 'internal', message: 'Something went wrong on our side. Please try again.' }, 500),
    });
    renderSettings();
    await screen.findByTestId('settings-form');
    fireEvent.click(screen.getByRole('switch', { name: /Back in stock/ }));
    fireEvent.click(save());
    const error = await screen.findByTestId('settings-form-error');
    expect(error.textContent).toBe('Something went wrong on our side. Please try again.');
    expect(toastText('success')).toBe('');
  });

  it('a failure loading shows the server’s message, and Try again loads them', async () => {
    let fail = true;
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/settings/': () =>
        fail ? json({ error: 'internal', message: 'Something went wrong on our side. Please try again.' }, 500) : json(saved),
    });
    renderSettings();
    const error = await screen.findByTestId('settings-error');
    expect(error.textContent).toContain('We couldn’t load your settings. Something went wrong on our side. Please try again.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('settings-form')).toBeTruthy();
  });
});

describe('deleting the account', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  async function openAndSendCode() {
    const section = await screen.findByTestId('delete-account');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account' });
    expect(dialog.textContent).toContain('+91 98765 43210');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await screen.findByTestId('delete-code');
    return dialog;
  }
  const enterCode = (code: string) => {
    fireEvent.change(screen.getByLabelText('Enter the 6 digit code'), { target: { value: code } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
  };

  it('explains what is erased and what is kept', async () => {
    fakeServer();
    renderSettings();
    const section = await screen.findByTestId('delete-account');
    expect(section.textContent).toContain('Your name, e-mail and mobile number');
    expect(section.textContent).toContain('the law has us keep tax records for six years. They are kept without your personal data');
    expect(section.textContent).toContain('Your reviews and ratings stay for other shoppers, shown as an anonymous shopper.');
  });

  it('a code to the shopper’s own mobile, the 6 digits, then the account goes: home, a toast, a guest', async () => {
    fakeServer();
    const { client } = renderSettings();
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('Riya'));
    const dialog = await openAndSendCode();
    expect(bodiesOf('POST', '/api/v1/auth/otp/')).toEqual([{ mobile: '9876543210' }]);
    expect(within(dialog).getByRole('status').textContent).toBe('OTP sent to ******3210');
    expect(screen.getByTestId('delete-resend-timer').textContent).toBe('Resend code in 0:30');

    // a short code is refused here, without spending a guess
    enterCode('1234');
    expect(screen.getByTestId('delete-otp-error').textContent).toBe('Please enter the 6 digit OTP');
    expect(callsTo('PATCH', '/api/v3/deleteAccount/')).toHaveLength(0);

    enterCode('123456');
    expect(await screen.findByText('The home page')).toBeTruthy();
    expect(bodiesOf('PATCH', '/api/v3/deleteAccount/')).toEqual([{ otp: '123456' }]);
    await waitFor(() => expect(toastText('success')).toContain('Your account has been deleted'));
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('guest'));
    // nothing of the account stays in the cache
    expect(client.getQueryData(settingsKey(7))).toBeUndefined();
  });

  it('an open order (409 account_busy) shows the server’s reason', async () => {
    fakeServer({
      'PATCH /api/v3/deleteAccount/': () =>
        json(
          {
            error: 'account_busy',
            message: 'Your order DRP0000044 is still open. You can delete your account once it is delivered or cancelled.',
          },
          409,
        ),
    });
    renderSettings();
    await openAndSendCode();
    enterCode('123456');
    const busy = await screen.findByTestId('delete-busy');
    expect(within(busy).getByRole('alert').textContent).toBe(
      'Your order DRP0000044 is still open. You can delete your account once it is delivered or cancelled.',
    );
    expect(within(busy).getByRole('link', { name: 'View my orders' }).getAttribute('href')).toBe('/order/history/');
    expect(screen.queryByText('The home page')).toBeNull();
    expect(toastText('success')).toBe('');
  });

  it('a wrong code (400) is said under the code field', async () => {
    fakeServer({
      'PATCH /api/v3/deleteAccount/': () => json({ error: 'otp_refused', message: 'The OTP you entered is incorrect.' }, 400),
    });
    renderSettings();
    await openAndSendCode();
    enterCode('999999');
    await waitFor(() => expect(screen.getByTestId('delete-otp-error').textContent).toBe('The OTP you entered is incorrect.'));
    expect(screen.getByLabelText('Enter the 6 digit code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('The home page')).toBeNull();
  });

  it('the payment provider out of reach (503): the server’s message, the account kept', async () => {
    fakeServer({
      'PATCH /api/v3/deleteAccount/': () =>
        json(
          {
            error: 'provider_unavailable',
            message: 'We could not reach the payment provider to delete your saved cards. Please try again in a few minutes.',
          },
          503,
        ),
    });
    renderSettings();
    await openAndSendCode();
    enterCode('123456');
    expect((await screen.findByTestId('delete-error')).textContent).toBe(
      'We could not reach the payment provider to delete your saved cards. Please try again in a few minutes.',
    );
  });

  it('a code asked for too often (429) says when to try again', async () => {
    fakeServer({
      'POST /api/v1/auth/otp/': () =>
        json({ error: 'rate_limited', message: 'Please wait 25 seconds before asking for another OTP.' }, 429),
    });
    renderSettings();
    const section = await screen.findByTestId('delete-account');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByTestId('delete-error')).textContent).toBe('Please wait 25 seconds before asking for another OTP.');
    expect(screen.queryByTestId('delete-code')).toBeNull();
  });

  it('Resend code comes back after 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeServer();
    renderSettings();
    await openAndSendCode();
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
    for (let i = 0; i < 29; i++) act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('delete-resend-timer').textContent).toBe('Resend code in 0:01');
    act(() => void vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(callsTo('POST', '/api/v1/auth/otp/')).toHaveLength(2));
  });

  it('Keep my account closes the dialog', async () => {
    fakeServer();
    renderSettings();
    const section = await screen.findByTestId('delete-account');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('POST', '/api/v1/auth/otp/')).toHaveLength(0);
  });
});

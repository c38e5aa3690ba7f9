// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_MESSAGE } from '@/shared/lib/validation';
import { OTP_MESSAGE } from '@/shared/lib/otp';
import { LoginForm } from './LoginForm';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('LoginForm', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onLoggedIn = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'csrftoken=tok; path=/';
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LoginForm onLoggedIn={onLoggedIn} />
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    onLoggedIn.mockReset();
    vi.unstubAllGlobals();
  });

  const mobile = () => screen.getByLabelText('Mobile number') as HTMLInputElement;

  it('rejects a mobile number that is not 10 digits starting 6–9, without calling the server', () => {
    fireEvent.change(mobile(), { target: { value: '5876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByRole('alert').textContent).toBe(MOBILE_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps only digits, at most 10', () => {
    fireEvent.change(mobile(), { target: { value: '98765-43210 99' } });
    expect(mobile().value).toBe('9876543210');
  });

  it('shows the server message as it is when the OTP request fails', async () => {
    fetchMock.mockResolvedValue(json(429, { error: 'rate_limited', message: 'Too many requests. Try again in 60 seconds.' }));
    fireEvent.change(mobile(), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Try again in 60 seconds.');
  });

  it('sends the OTP, then logs in with it', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { message: 'OTP sent to ******3210', resend_in: 30 }));
    fireEvent.change(mobile(), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('OTP sent to ******3210')).toBeTruthy();
    expect(screen.getByText(/Resend OTP in 0:30/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/otp/');
    expect(init!.body).toBe('{"mobile":"9876543210"}');

    const otp = screen.getByLabelText('Enter OTP');
    fireEvent.change(otp, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(screen.getByRole('alert').textContent).toBe(OTP_MESSAGE);

    fetchMock.mockResolvedValueOnce(json(400, { error: 'invalid_otp', message: 'That OTP is not right.', fields: { otp: 'Wrong code' } }));
    fireEvent.change(otp, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That OTP is not right.');

    const user = { id: 1, mobile: '9876543210', email: null, name: '', is_superuser: false, can_see_unused_stock: false };
    const notes = [
      '4 pieces of Everyday Padded T-Shirt Bra (34B) from before you logged in were left out: you can buy at most 5 of this product.',
    ];
    fetchMock.mockResolvedValueOnce(json(200, { user, cart_notes: notes }));
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(user, notes));
    expect(fetchMock.mock.calls.at(-1)![1]!.body).toBe('{"mobile":"9876543210","otp":"123456"}');
  });
});

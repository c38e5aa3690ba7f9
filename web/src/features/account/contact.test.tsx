// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactDetails } from '@/shared/api/types';
import { json, renderWithProviders, serve } from '@/test/fake-api';
import { telHref } from './account';
import { bodiesOf, callsTo, guest, shopper } from './account-fixtures';
import { ContactPage } from './components/ContactPage';

const details: ContactDetails = {
  name: 'Drape Retail Pvt Ltd',
  address: '4th Floor, Lotus Park, Andheri East, Mumbai 400069',
  email: 'help@drape.example',
  phone: '+91 22 4000 1234',
  hours: 'Monday to Saturday, 10 am to 7 pm',
};

const renderContact = () => renderWithProviders(<ContactPage />, { route: '/account/contact' });
const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
/** The message under a field (its aria-describedby), or null. */
const errorUnder = (label: string) => {
  const el = field(label);
  const id = el.getAttribute('aria-describedby');
  const under = id ? document.getElementById(id) : null;
  return under?.classList.contains('form-error') ? under.textContent : null;
};

async function fillAndSend({ subject = 'order', message = 'Where is my order DR1042? It was due yesterday.' } = {}) {
  await screen.findByTestId('contact-form');
  fireEvent.change(field('What is it about?'), { target: { value: subject } });
  fireEvent.change(field('Your message'), { target: { value: message } });
  fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('contact links', () => {
  it('tel: dials the digits as written', () => {
    expect(telHref('+91 22 4000 1234')).toBe('tel:+912240001234');
    expect(telHref('1800-123-456')).toBe('tel:1800123456');
  });
});

describe('<ContactPage>', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows how to reach the shop, phone and e-mail as links', async () => {
    serve({ 'GET /api/v1/me/': () => json(guest), 'GET /api/v1/contact/': () => json(details) });
    renderContact();
    const phone = await screen.findByTestId('contact-phone');
    expect(phone.getAttribute('href')).toBe('tel:+912240001234');
    expect(phone.textContent).toBe('+91 22 4000 1234');
    expect(screen.getByTestId('contact-email').getAttribute('href')).toBe('mailto:help@drape.example');
    expect(screen.getByTestId('contact-hours').textContent).toBe('Monday to Saturday, 10 am to 7 pm');
    expect(screen.getByTestId('contact-address').textContent).toBe(
      'Drape Retail Pvt Ltd4th Floor, Lotus Park, Andheri East, Mumbai 400069',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
  });

  it('a guest sends a message and sees its reference', async () => {
    serve({
      'GET /api/v1/me/': () => json(guest),
      'GET /api/v1/contact/': () => json(details),
      'POST /api/v1/contact/': () =>
        json({
          status: 'ok',
          reference: 'MSG12',
          message: 'Thank you. We have your message (MSG12) and will reply within one working day.',
        }),
    });
    renderContact();
    await screen.findByTestId('contact-form');
    fireEvent.change(field('Your name'), { target: { value: 'Asha' } });
    fireEvent.change(field('E-mail'), { target: { value: ' asha@example.com ' } });
    fireEvent.change(field('Mobile number'), { target: { value: '98765 43210' } });
    expect(field('Mobile number').value).toBe('9876543210');
    await fillAndSend();
    const sent = await screen.findByTestId('contact-sent');
    expect(sent.textContent).toContain('Thank you. We have your message (MSG12) and will reply within one working day.');
    expect(within(sent).getByTestId('contact-reference').textContent).toBe('MSG12');
    expect(bodiesOf('POST', '/api/v1/contact/')).toEqual([
      {
        name: 'Asha',
        email: 'asha@example.com',
        mobile: '9876543210',
        subject: 'order',
        message: 'Where is my order DR1042? It was due yesterday.',
      },
    ]);
    // another message starts with the subject and message empty, the contact details kept
    fireEvent.click(within(sent).getByRole('button', { name: 'Send another message' }));
    expect(field('Your name').value).toBe('Asha');
    expect(field('Your message').value).toBe('');
    expect(field('What is it about?').value).toBe('');
  });

  it('a shopper’s name, e-mail and mobile are filled in', async () => {
    serve({ 'GET /api/v1/me/': () => json(shopper), 'GET /api/v1/contact/': () => json(details) });
    renderContact();
    await screen.findByTestId('contact-form');
    expect(field('Your name').value).toBe('Riya');
    expect(field('E-mail').value).toBe('riya@example.com');
    expect(field('Mobile number').value).toBe('9876543210');
  });

  it('the subjects are the server’s five', async () => {
    serve({ 'GET /api/v1/me/': () => json(guest), 'GET /api/v1/contact/': () => json(details) });
    renderContact();
    await screen.findByTestId('contact-form');
    const options = within(field('What is it about?')).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'order', 'return', 'payment', 'product', 'other']);
  });

  it('shows each of the server’s field errors under its field, and clears one when it is edited', async () => {
    serve({
      'GET /api/v1/me/': () => json(guest),
      'GET /api/v1/contact/': () => json(details),
      'POST /api/v1/contact/': () =>
        json(
          {
            error: 'invalid_field',
            message: 'Please check the highlighted fields.',
            fields: {
              name: 'Please enter your name (2 to 60 characters).',
              email: 'Please give an e-mail address or a mobile number so we can reply.',
              subject: 'Please choose what your message is about.',
              message: 'Please write your message (10 to 2,000 characters).',
            },
          },
          400,
        ),
    });
    renderContact();
    await fillAndSend({ subject: '', message: 'Hi' });
    await waitFor(() => expect(errorUnder('Your name')).toBe('Please enter your name (2 to 60 characters).'));
    expect(errorUnder('E-mail')).toBe('Please give an e-mail address or a mobile number so we can reply.');
    expect(errorUnder('What is it about?')).toBe('Please choose what your message is about.');
    expect(errorUnder('Your message')).toBe('Please write your message (10 to 2,000 characters).');
    expect(errorUnder('Mobile number')).toBeNull();
    expect(field('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Your name'));
    // the fields say it all: no second message above the button
    expect(screen.queryByTestId('contact-form-error')).toBeNull();
    fireEvent.change(field('Your name'), { target: { value: 'Asha' } });
    expect(errorUnder('Your name')).toBeNull();
    expect(errorUnder('Your message')).toBe('Please write your message (10 to 2,000 characters).');
  });

  it('too many messages (429): the server’s message, nothing claimed sent', async () => {
    serve({
      'GET /api/v1/me/': () => json(shopper),
      'GET /api/v1/contact/': () => json(details),
      'POST /api/v1/contact/': () =>
        json(
          { error: 'rate_limited', message: 'You have sent several messages already. Please wait a while before sending another.' },
          429,
        ),
    });
    renderContact();
    await fillAndSend();
    const error = await screen.findByTestId('contact-form-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('You have sent several messages already. Please wait a while before sending another.');
    expect(screen.queryByTestId('contact-sent')).toBeNull();
    expect(callsTo('POST', '/api/v1/contact/')).toHaveLength(1);
  });

  it('contact details that fail to load say so; the form still works', async () => {
    serve({
      'GET /api/v1/me/': () => json(guest),
      'GET /api/v1/contact/': () => json({ error: 'internal', message: 'Something went wrong on our side. Please try again.' }, 500),
    });
    renderContact();
    const error = await screen.findByTestId('contact-details-error');
    expect(error.textContent).toContain('We couldn’t load our contact details. Something went wrong on our side. Please try again.');
    expect(screen.getByTestId('contact-form')).toBeTruthy();
  });
});

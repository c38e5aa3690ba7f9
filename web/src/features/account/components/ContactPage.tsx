import { useId, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '@/shared/api/client';
import type { ContactDetails, ContactSent, User } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { digitsOnly } from '@/shared/lib/validation';
import { CONTACT_SUBJECTS, telHref, useShopper } from '../account';
import { useContactDetails } from '../api/get-contact';
import { useSendContactMessage } from '../api/send-contact-message';
import { AccountLoading, AccountShell } from './AccountShell';
import { fieldErrors, FormField } from './FormField';

const FIELDS = ['name', 'email', 'mobile', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Form = Record<Field, string>;

/**
 * Contact us (/account/contact, the account menu's Contact), for guests too: how to reach the shop
 * (phone and e-mail as links), and a message form. The server checks every field at once and names each
 * fault, shown under its field; a refusal without a field (too many messages) above the button. A sent
 * message shows its reference.
 */
export function ContactPage() {
  const { session, user } = useShopper();
  return (
    <AccountShell title="Contact us" testId="contact-page">
      <h1 className="ac-title">Contact us</h1>
      <p className="ac-lead">Questions about an order, a return, a payment or a size? Call us or write to us.</p>
      <Details />
      {session.isPending ? (
        <AccountLoading label="Loading the form" />
      ) : (
        // a shopper's name and number are filled in; a new key starts the form again for whoever logs in
        <MessageForm key={user?.id ?? 'guest'} user={user} />
      )}
    </AccountShell>
  );
}

function Details() {
  const details = useContactDetails();
  return (
    <section className="ac-card ct-details" aria-labelledby="ct-details-title" data-testid="contact-details">
      <h2 id="ct-details-title" className="ac-card__title">
        Reach us
      </h2>
      {details.isPending ? (
        <AccountLoading label="Loading our contact details" />
      ) : details.data ? (
        <DetailList d={details.data} />
      ) : (
        <div className="ct-details__error" role="alert" data-testid="contact-details-error">
          <p>We couldn’t load our contact details. {errorMessage(details.error)}</p>
          <button type="button" className="link-button" onClick={() => void details.refetch()} disabled={details.isFetching}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}

function DetailList({ d }: { d: ContactDetails }) {
  return (
    <ul className="ct-list">
      {d.phone ? (
        <li className="ct-item">
          <Icon name="phone" size={20} />
          <span>
            <span className="ct-item__label">Phone</span>
            <a href={telHref(d.phone)} className="ct-item__link" data-testid="contact-phone">
              {d.phone}
            </a>
          </span>
        </li>
      ) : null}
      {d.email ? (
        <li className="ct-item">
          <Icon name="chat" size={20} />
          <span>
            <span className="ct-item__label">E-mail</span>
            <a href={`mailto:${d.email}`} className="ct-item__link" data-testid="contact-email">
              {d.email}
            </a>
          </span>
        </li>
      ) : null}
      {d.hours ? (
        <li className="ct-item">
          <Icon name="clock" size={20} />
          <span>
            <span className="ct-item__label">Hours</span>
            <span data-testid="contact-hours">{d.hours}</span>
          </span>
        </li>
      ) : null}
      {d.name || d.address ? (
        <li className="ct-item">
          <Icon name="pin" size={20} />
          <span>
            <span className="ct-item__label">Address</span>
            <span className="ct-item__address" data-testid="contact-address">
              {d.name ? <strong>{d.name}</strong> : null}
              {d.name && d.address ? <br /> : null}
              {d.address}
            </span>
          </span>
        </li>
      ) : null}
    </ul>
  );
}

const blank = (user: User | null): Form => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  mobile: user?.mobile ?? '',
  subject: '',
  message: '',
});

function MessageForm({ user }: { user: User | null }) {
  const ids = useId();
  const [form, setForm] = useState<Form>(() => blank(user));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<ContactSent | null>(null);
  const send = useSendContactMessage();
  const id = (f: Field) => `${ids}-${f}`;

  const set = (f: Field) => (value: string) => {
    setForm((x) => ({ ...x, [f]: value }));
    setErrors((e) => (e[f] ? { ...e, [f]: undefined } : e));
    setFormError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    send.mutate(
      { name: form.name, email: form.email.trim(), mobile: form.mobile.trim(), subject: form.subject, message: form.message },
      {
        onSuccess: (answer) => {
          setErrors({});
          setSent(answer);
        },
        onError: (err) => {
          const named = fieldErrors(isApiError(err) ? err.fields : {}, FIELDS);
          setErrors(named);
          const first = FIELDS.find((f) => named[f]);
          if (first) document.getElementById(id(first))?.focus();
          else setFormError(errorMessage(err));
        },
      },
    );
  };

  if (sent) {
    return (
      <section className="ac-card ct-sent" role="status" data-testid="contact-sent">
        <span className="ct-sent__icon" aria-hidden="true">
          <Icon name="check" size={28} />
        </span>
        <h2 className="ct-sent__title">Message sent</h2>
        <p className="ct-sent__text">{sent.message}</p>
        <p className="ct-sent__ref">
          Your reference: <strong data-testid="contact-reference">{sent.reference}</strong>
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setForm((f) => ({ ...f, subject: '', message: '' }));
            setSent(null);
          }}
        >
          Send another message
        </button>
      </section>
    );
  }

  return (
    <section className="ac-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="ac-card__title">
        Send us a message
      </h2>
      <form className="ac-form" onSubmit={submit} noValidate data-testid="contact-form">
        <FormField id={id('name')} label="Your name" error={errors.name}>
          {(aria) => (
            <input
              {...aria}
              className="input"
              name="name"
              autoComplete="name"
              value={form.name}
              onChange={(e) => set('name')(e.target.value)}
            />
          )}
        </FormField>
        <FormField id={id('email')} label="E-mail" error={errors.email} hint="We reply by e-mail or phone: give at least one." optional>
          {(aria) => (
            <input
              {...aria}
              className="input"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={form.email}
              onChange={(e) => set('email')(e.target.value)}
            />
          )}
        </FormField>
        <FormField id={id('mobile')} label="Mobile number" error={errors.mobile} optional>
          {(aria) => (
            <input
              {...aria}
              className="input"
              name="mobile"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="10 digit mobile number"
              maxLength={10}
              value={form.mobile}
              onChange={(e) => set('mobile')(digitsOnly(e.target.value, 10))}
            />
          )}
        </FormField>
        <FormField id={id('subject')} label="What is it about?" error={errors.subject}>
          {(aria) => (
            <select {...aria} className="input" name="subject" value={form.subject} onChange={(e) => set('subject')(e.target.value)}>
              <option value="">Choose a subject</option>
              {CONTACT_SUBJECTS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id={id('message')}
          label="Your message"
          error={errors.message}
          hint="Order number, product, size: whatever helps us help you."
        >
          {(aria) => (
            <textarea
              {...aria}
              className="input ac-textarea"
              name="message"
              rows={5}
              maxLength={2000}
              value={form.message}
              onChange={(e) => set('message')(e.target.value)}
            />
          )}
        </FormField>
        {formError ? (
          <p className="form-error" role="alert" data-testid="contact-form-error">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--wide" disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? <Spinner size={18} label="Sending" /> : 'Send message'}
        </button>
      </form>
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '@/shared/api/client';
import type { AccountSettings } from '@/shared/api/types';
import { LoginNeededPanel } from '@/shared/components/AccountPage';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { displayMobile, settingsChanges, useShopper, type SettingsForm } from '../account';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { AccountLoading, AccountShell, LoadError } from './AccountShell';
import { DeleteAccount } from './DeleteAccount';
import { fieldErrors, FormField } from './FormField';

const NEXT = '/account/settings';
const TEXT_FIELDS = ['name', 'email'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

const TOGGLES: [key: 'notify_orders' | 'notify_offers' | 'notify_stock', label: string, text: string][] = [
  ['notify_orders', 'Order updates', 'When your order is confirmed, shipped, delivered or refunded.'],
  ['notify_offers', 'Offers', 'Sales, new coupons and offers running now.'],
  ['notify_stock', 'Back in stock', 'When a size you asked for is back.'],
];

/**
 * Settings (/account/settings, the account menu's Settings), for logged-in shoppers: name, e-mail (the
 * server's strict check; its message under the field), which notifications to receive; Save sends only
 * what changed. Then deleting the account, confirmed with a code sent to the shopper's own mobile.
 */
export function SettingsPage() {
  const { session, userId } = useShopper();
  const settings = useSettings(userId);

  if (session.isPending) return <Loading />;
  if (userId === null || (isApiError(settings.error) && settings.error.status === 401)) {
    return (
      <AccountShell title="Settings" testId="settings-page">
        <LoginNeededPanel
          icon="settings"
          iconClassName="ac-icon"
          title="Your settings"
          text="Log in to change your name, e-mail and notifications."
          next={NEXT}
          testId="settings-login"
        />
      </AccountShell>
    );
  }
  if (settings.isPending) return <Loading />;
  return (
    <AccountShell title="Settings" testId="settings-page">
      <h1 className="ac-title">Settings</h1>
      {settings.data ? (
        <>
          <SettingsFormCard key={userId} userId={userId} saved={settings.data} />
          <DeleteAccount mobile={settings.data.mobile} />
        </>
      ) : (
        <LoadError
          what="your settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
          testId="settings-error"
        />
      )}
    </AccountShell>
  );
}

const formOf = (s: AccountSettings): SettingsForm => ({
  name: s.name,
  email: s.email,
  notify_orders: s.notify_orders,
  notify_offers: s.notify_offers,
  notify_stock: s.notify_stock,
});

function SettingsFormCard({ userId, saved }: { userId: number; saved: AccountSettings }) {
  const ids = useId();
  const toast = useToast();
  const save = useUpdateSettings(userId);
  const [form, setForm] = useState<SettingsForm>(() => formOf(saved));
  const [errors, setErrors] = useState<Partial<Record<TextField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const changes = settingsChanges(saved, form);
  const changed = Object.keys(changes).length > 0;
  const id = (f: string) => `${ids}-${f}`;

  const setText = (f: TextField) => (value: string) => {
    setForm((x) => ({ ...x, [f]: value }));
    setErrors((e) => (e[f] ? { ...e, [f]: undefined } : e));
    setFormError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!changed) return;
    setFormError(null);
    save.mutate(changes, {
      onSuccess: (answer) => {
        setErrors({});
        setForm(formOf(answer));
        toast.success('Your settings are saved');
      },
      onError: (err) => {
        const named = fieldErrors(isApiError(err) ? err.fields : {}, TEXT_FIELDS);
        setErrors(named);
        const first = TEXT_FIELDS.find((f) => named[f]);
        if (first) document.getElementById(id(first))?.focus();
        else setFormError(errorMessage(err));
      },
    });
  };

  return (
    <form className="ac-form" onSubmit={submit} noValidate data-testid="settings-form">
      <section className="ac-card" aria-labelledby={id('profile')}>
        <h2 id={id('profile')} className="ac-card__title">
          Your details
        </h2>
        <div className="ac-form">
          <FormField id={id('name')} label="Name" error={errors.name}>
            {(aria) => (
              <input
                {...aria}
                className="input"
                name="name"
                autoComplete="name"
                maxLength={60}
                value={form.name}
                onChange={(e) => setText('name')(e.target.value)}
              />
            )}
          </FormField>
          <FormField id={id('email')} label="E-mail" error={errors.email} hint="For order e-mails. Leave it empty to remove it." optional>
            {(aria) => (
              <input
                {...aria}
                className="input"
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={120}
                value={form.email}
                onChange={(e) => setText('email')(e.target.value)}
              />
            )}
          </FormField>
          <div className="field ac-field">
            <span className="field-label">Mobile number</span>
            <p className="st-mobile" data-testid="settings-mobile">
              {displayMobile(saved.mobile)}
            </p>
            <p className="field-hint">You log in with this number, so it cannot be changed here.</p>
          </div>
        </div>
      </section>

      <fieldset className="ac-card st-toggles">
        <legend className="ac-card__title st-legend">Notifications</legend>
        <p className="st-toggles__lead">Choose what we tell you about.</p>
        {TOGGLES.map(([key, label, text]) => (
          <label key={key} className="st-toggle">
            <span className="st-toggle__text">
              <span className="st-toggle__label">{label}</span>
              <span className="st-toggle__hint">{text}</span>
            </span>
            <input
              type="checkbox"
              role="switch"
              className="st-switch"
              name={key}
              checked={form[key]}
              onChange={(e) => {
                const on = e.target.checked;
                setForm((x) => ({ ...x, [key]: on }));
                setFormError(null);
              }}
            />
          </label>
        ))}
      </fieldset>

      {formError ? (
        <p className="form-error" role="alert" data-testid="settings-form-error">
          {formError}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary button--wide"
        disabled={!changed || save.isPending}
        aria-busy={save.isPending}
      >
        {save.isPending ? <Spinner size={18} label="Saving" /> : 'Save'}
      </button>
      {!changed && !save.isPending ? (
        <p className="field-hint st-saved" aria-live="polite">
          No changes to save.
        </p>
      ) : null}
    </form>
  );
}

function Loading() {
  return (
    <AccountShell title="Settings" testId="settings-page">
      <AccountLoading label="Loading your settings" />
    </AccountShell>
  );
}

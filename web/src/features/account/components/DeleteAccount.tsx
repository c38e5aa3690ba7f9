import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { OTP_LENGTH, OTP_MESSAGE, useCountdown } from '@/shared/lib/otp';
import { digitsOnly } from '@/shared/lib/validation';
import { displayMobile } from '../account';
import { forgetDeletedAccount, useDeleteAccount } from '../api/delete-account';
import { useRequestOtp } from '../api/request-otp';

/** When the server does not say how long to wait before another code. */
const RESEND_SECONDS = 30;

/**
 * Settings' 'Delete account': what is erased and what is kept (docs/operations.md 'Deleting an account'),
 * and a button that opens the confirm step.
 */
export function DeleteAccount({ mobile }: { mobile: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="ac-card st-delete" aria-labelledby="st-delete-title" data-testid="delete-account">
      <h2 id="st-delete-title" className="ac-card__title">
        Delete account
      </h2>
      <p className="st-delete__lead">Deleting your account cannot be undone.</p>
      <h3 className="st-delete__sub">What is erased</h3>
      <ul className="st-delete__list">
        <li>Your name, e-mail and mobile number, and every login on every device.</li>
        <li>Your addresses, wishlist, bag, recently viewed products, searches and notifications.</li>
        <li>Your saved cards, deleted at the payment provider too.</li>
      </ul>
      <h3 className="st-delete__sub">What is kept, and why</h3>
      <ul className="st-delete__list">
        <li>
          Your orders, payments, refunds and wallet entries: the law has us keep tax records for six years. They are kept without your
          personal data: the delivery address is reduced to its city, state and pincode.
        </li>
        <li>Your reviews and ratings stay for other shoppers, shown as an anonymous shopper.</li>
      </ul>
      <p className="st-delete__note">
        An account cannot be deleted while an order is still open, a return is in progress or a refund is on its way.
      </p>
      <button type="button" className="button st-danger button--wide" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open ? <ConfirmDelete mobile={mobile} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

/** The confirm step: a code to the shopper's own mobile, then the 6 digits, then the account goes. */
function ConfirmDelete({ mobile, onClose }: { mobile: string; onClose: () => void }) {
  const ids = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const requestOtp = useRequestOtp();
  const remove = useDeleteAccount();
  const [step, setStep] = useState<'ask' | 'code'>('ask');
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [resendIn, setResendIn] = useCountdown();
  const otpInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 'code') otpInput.current?.focus();
  }, [step]);

  const sendCode = () => {
    setError(null);
    setOtpError(null);
    requestOtp.mutate(
      { mobile },
      {
        onSuccess: (res) => {
          setSentMessage(res.message);
          setResendIn(Math.max(0, Math.round(res.resend_in ?? RESEND_SECONDS)));
          setOtp('');
          setStep('code');
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (otp.length !== OTP_LENGTH) {
      setOtpError(OTP_MESSAGE);
      otpInput.current?.focus();
      return;
    }
    setError(null);
    setOtpError(null);
    remove.mutate(
      { otp },
      {
        onSuccess: () => {
          navigate('/', { replace: true });
          toast.success('Your account has been deleted');
          void forgetDeletedAccount(queryClient);
        },
        onError: (err) => {
          if (isApiError(err) && err.status === 409) setBusy(err.message);
          else if (isApiError(err) && err.status === 400) {
            setOtpError(err.fields.otp ?? err.message);
            otpInput.current?.focus();
          } else setError(errorMessage(err));
        },
      },
    );
  };

  return (
    <Modal open title="Delete your account" onClose={onClose} id="delete-account" className="st-modal">
      {busy ? (
        <div className="st-confirm" data-testid="delete-busy">
          <p className="st-busy" role="alert">
            <Icon name="box" size={20} />
            <span>{busy}</span>
          </p>
          <Link to="/order/history/" className="button button--primary button--wide">
            View my orders
          </Link>
        </div>
      ) : step === 'ask' ? (
        <div className="st-confirm" data-testid="delete-ask">
          <p>
            To confirm it is you, we will send a one-time code to <strong>{displayMobile(mobile)}</strong>.
          </p>
          {error ? (
            <p className="form-error" role="alert" data-testid="delete-error">
              {error}
            </p>
          ) : null}
          <button type="button" className="button st-danger button--wide" onClick={sendCode} disabled={requestOtp.isPending}>
            {requestOtp.isPending ? <Spinner size={18} label="Sending the code" /> : 'Send code'}
          </button>
          <button type="button" className="button button--secondary button--wide" onClick={onClose}>
            Keep my account
          </button>
        </div>
      ) : (
        <form className="st-confirm" onSubmit={confirm} noValidate data-testid="delete-code">
          {sentMessage ? (
            <p className="form-info" role="status">
              {sentMessage}
            </p>
          ) : null}
          <label htmlFor={`${ids}-otp`} className="field-label">
            Enter the 6 digit code
          </label>
          <input
            ref={otpInput}
            id={`${ids}-otp`}
            name="otp"
            className="input st-otp"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={OTP_LENGTH}
            value={otp}
            onChange={(e) => {
              setOtp(digitsOnly(e.target.value, OTP_LENGTH));
              setOtpError(null);
            }}
            aria-invalid={otpError ? true : undefined}
            aria-describedby={otpError ? `${ids}-otp-error` : undefined}
          />
          {otpError ? (
            <p id={`${ids}-otp-error`} className="form-error" data-testid="delete-otp-error">
              {otpError}
            </p>
          ) : null}
          <div className="st-resend">
            {resendIn > 0 ? (
              <span className="muted" aria-live="polite" data-testid="delete-resend-timer">
                Resend code in {Math.floor(resendIn / 60)}:{String(resendIn % 60).padStart(2, '0')}
              </span>
            ) : (
              <button type="button" className="link-button" onClick={sendCode} disabled={requestOtp.isPending}>
                Resend code
              </button>
            )}
          </div>
          {error ? (
            <p className="form-error" role="alert" data-testid="delete-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button st-danger button--wide" disabled={remove.isPending} aria-busy={remove.isPending}>
            {remove.isPending ? <Spinner size={18} label="Deleting your account" /> : 'Delete my account for good'}
          </button>
          <button type="button" className="button button--secondary button--wide" onClick={onClose}>
            Keep my account
          </button>
        </form>
      )}
    </Modal>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { User } from '@/shared/api/types';
import { Spinner } from '@/shared/components/ui/Spinner';
import { OTP_LENGTH, OTP_MESSAGE, useCountdown } from '@/shared/lib/otp';
import { digitsOnly, isMobile, MOBILE_MESSAGE } from '@/shared/lib/validation';
import { useLogin } from '../api/login';
import { useRequestOtp } from '../api/request-otp';
import './auth.css';

/**
 * Mobile number → one-time password → logged in. Server messages are shown as they come.
 * `onLoggedIn` gets the login's cart notes too: what of the guest's bag did not fit the shopper's cart.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: User, cartNotes: string[]) => void }) {
  const ids = useId();
  const [step, setStep] = useState<'mobile' | 'otp'>('mobile');
  const [mobile, setMobile] = useState('');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [resendIn, setResendIn] = useCountdown();
  const otpInput = useRef<HTMLInputElement>(null);
  const mobileInput = useRef<HTMLInputElement>(null);

  const requestOtp = useRequestOtp();
  const login = useLogin();

  useEffect(() => {
    (step === 'otp' ? otpInput : mobileInput).current?.focus();
  }, [step]);

  const sendOtp = () => {
    setError(null);
    requestOtp.mutate(
      { mobile },
      {
        onSuccess: (res) => {
          setSentMessage(res.message);
          setResendIn(Math.max(0, Math.round(res.resend_in)));
          setOtp('');
          setStep('otp');
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  const onMobileSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!isMobile(mobile)) {
      setError(MOBILE_MESSAGE);
      return;
    }
    sendOtp();
  };

  const onOtpSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (otp.length !== OTP_LENGTH) {
      setError(OTP_MESSAGE);
      return;
    }
    setError(null);
    login.mutate(
      { mobile, otp },
      {
        // an older server's answer has no cart_notes
        onSuccess: (res) => onLoggedIn(res.user, res.cart_notes ?? []),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  if (step === 'mobile') {
    return (
      <form className="login-form" onSubmit={onMobileSubmit} noValidate>
        <label htmlFor={`${ids}-mobile`} className="field-label">
          Mobile number
        </label>
        <div className={`phone-input${error ? ' phone-input--error' : ''}`}>
          <span className="phone-input__prefix" aria-hidden="true">
            +91
          </span>
          <input
            ref={mobileInput}
            id={`${ids}-mobile`}
            name="mobile"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="10 digit mobile number"
            maxLength={10}
            value={mobile}
            onChange={(e) => {
              setMobile(digitsOnly(e.target.value, 10));
              setError(null);
            }}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${ids}-error` : undefined}
          />
        </div>
        {error ? (
          <p id={`${ids}-error`} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--wide" disabled={requestOtp.isPending}>
          {requestOtp.isPending ? <Spinner size={18} label="Sending OTP" /> : 'Send OTP'}
        </button>
        <p className="login-form__fine">We will send a one-time password to this number by SMS.</p>
      </form>
    );
  }

  return (
    <form className="login-form" onSubmit={onOtpSubmit} noValidate>
      {sentMessage ? (
        <p className="form-info" role="status">
          {sentMessage}
        </p>
      ) : null}
      <label htmlFor={`${ids}-otp`} className="field-label">
        Enter OTP
      </label>
      <input
        ref={otpInput}
        id={`${ids}-otp`}
        name="otp"
        className="otp-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        placeholder="••••••"
        value={otp}
        onChange={(e) => {
          setOtp(digitsOnly(e.target.value, OTP_LENGTH));
          setError(null);
        }}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${ids}-error` : undefined}
      />
      {error ? (
        <p id={`${ids}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--wide" disabled={login.isPending}>
        {login.isPending ? <Spinner size={18} label="Verifying" /> : 'Verify and log in'}
      </button>
      <div className="login-form__row">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setStep('mobile');
            setError(null);
            setOtp('');
          }}
        >
          Change number
        </button>
        {resendIn > 0 ? (
          <span className="muted" aria-live="polite">
            Resend OTP in {Math.floor(resendIn / 60)}:{String(resendIn % 60).padStart(2, '0')}
          </span>
        ) : (
          <button type="button" className="link-button" onClick={sendOtp} disabled={requestOtp.isPending}>
            Resend OTP
          </button>
        )}
      </div>
    </form>
  );
}

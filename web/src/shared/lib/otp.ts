import { useEffect, useState } from 'react';

/** One-time codes: the login's and the account deletion's are the same six digits (the server's `OtpCode`). */
export const OTP_LENGTH = 6;
export const OTP_MESSAGE = 'Please enter the 6 digit OTP';

/**
 * Seconds left before another code may be asked for, counted down to zero a second at a time; set it
 * to start again. Nothing ticks at zero.
 */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [left]);
  return [left, setLeft];
}

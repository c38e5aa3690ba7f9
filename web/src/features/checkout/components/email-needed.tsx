import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { SETTINGS_PATH } from '../paths';

/** The shop's code when paying online needs an e-mail address the shopper has not given (PayU). */
export const EMAIL_REQUIRED = 'email_required';

/**
 * The shop's word that paying online needs an e-mail address, with the way to Settings: a passing
 * toast would leave the shopper guessing where to add it. Brought into view, since the pay bar covers
 * the foot of the page.
 */
export function EmailNeeded({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'center' });
  }, [message]);
  return (
    <p ref={ref} className="co-alert" role="alert" data-testid="email-needed">
      <span>
        {message} <Link to={SETTINGS_PATH}>Go to Settings</Link>
      </span>
    </p>
  );
}

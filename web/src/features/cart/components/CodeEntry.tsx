import type { FormEvent, ReactNode, Ref } from 'react';
import { Icon, type IconName } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';

/*
 * The two halves the coupon and referral-code cards share: the field with Apply, and the panel of a
 * kept code with Remove (green while it applies, amber with the server's reason while it does not).
 */

export function CodeForm(props: {
  inputId: string;
  errorId: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (e: FormEvent) => void;
  pending: boolean;
  pendingLabel: string;
  error: string | null;
  testId: string;
  autoFocus?: boolean;
}) {
  return (
    <form className="cart-coupon__form" onSubmit={props.onSubmit} noValidate>
      <label htmlFor={props.inputId} className="visually-hidden">
        {props.label}
      </label>
      <input
        id={props.inputId}
        className="input cart-coupon__input"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value.toUpperCase())}
        placeholder={props.placeholder}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={30}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? props.errorId : undefined}
        data-testid={props.testId}
        autoFocus={props.autoFocus}
      />
      <button type="submit" className="button button--secondary cart-coupon__apply" disabled={props.pending}>
        {props.pending ? <Spinner label={props.pendingLabel} size={18} /> : 'Apply'}
      </button>
    </form>
  );
}

export function AppliedCode(props: {
  warning: string | null;
  icon: IconName;
  children: ReactNode;
  onRemove: () => void;
  pending: boolean;
  removeLabel?: string;
  removeRef?: Ref<HTMLButtonElement>;
  testId: string;
  warningTestId?: string;
}) {
  const { warning } = props;
  return (
    <div className={`cart-coupon__applied${warning ? ' cart-coupon__applied--idle' : ''}`} data-testid={props.testId}>
      <span className="cart-coupon__check" aria-hidden="true">
        <Icon name={warning ? 'tag' : props.icon} size={18} />
      </span>
      <div className="cart-coupon__applied-text">
        {props.children}
        {warning ? (
          <p className="cart-coupon__warning" role="status" data-testid={props.warningTestId}>
            {warning}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="link-button"
        onClick={props.onRemove}
        disabled={props.pending}
        ref={props.removeRef}
        aria-label={props.removeLabel}
      >
        Remove
      </button>
    </div>
  );
}

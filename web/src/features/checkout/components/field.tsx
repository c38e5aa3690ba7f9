import type { InputHTMLAttributes, ReactNode } from 'react';

type FieldProps = {
  label: string;
  id: string;
  value: string;
  onChange: (raw: string) => void;
  /** shown under the field (spec 000 §5) */
  error?: string | null;
  hint?: ReactNode;
  /** beside the input (UPI's Verify) */
  action?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/** A labelled input with its error underneath, linked for screen readers. */
export function Field({ label, id, value, onChange, error, hint, action, className, ...input }: FieldProps) {
  const described = [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={`field co-field${className ? ` ${className}` : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={action ? 'co-field__row' : undefined}>
        <input
          {...input}
          id={id}
          className="input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
        />
        {action}
      </div>
      {error ? (
        <p id={`${id}-error`} className="form-error co-field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

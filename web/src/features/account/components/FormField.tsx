import type { ReactNode } from 'react';

/**
 * A labelled form control with its hint and, in place of the hint, its error underneath (spec 000 §5:
 * text inputs show an error message under the field). `children` gets the ids to point at.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  optional = false,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  children: (aria: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const showHint = Boolean(hint) && !error;
  const describedBy = error ? `${id}-error` : showHint ? `${id}-hint` : undefined;
  return (
    <div className="field ac-field">
      <label className="field-label" htmlFor={id}>
        {label}
        {optional ? <span className="ac-field__optional"> (optional)</span> : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={`${id}-error`} className="form-error ac-field__error">
          {error}
        </p>
      ) : showHint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The server's field errors that a form shows under its own fields (others go with the form's message). */
export function fieldErrors<F extends string>(fields: Record<string, string>, known: readonly F[]): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const f of known) if (fields[f]) out[f] = fields[f];
  return out;
}

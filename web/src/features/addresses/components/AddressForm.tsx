import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { errorMessage, isApiError } from '@/shared/api/client';
import type { Address } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { isPincode } from '@/shared/lib/validation';
import {
  ADDRESS_MESSAGES,
  ADDRESS_TYPES,
  PINCODE_LENGTH,
  defaultChoice,
  emptyAddressForm,
  firstErrorField,
  formFromAddress,
  phoneInput,
  pincodeInput,
  serverFieldErrors,
  toAddressRequest,
  validateAddress,
  type AddressErrors,
  type AddressField,
  type AddressFormValues,
} from '../addresses';
import { useSaveAddress } from '../api/address-mutations';
import { useServiceability } from '../api/check-pincode';
import { usePincodeLookup } from '../api/get-pincode-place';

/**
 * The address form (add and edit) in a sheet. Every rule the server applies is checked here first,
 * with its messages under the fields; whatever the server still refuses shows the same way. The sixth
 * digit of the pincode fills city and state from the India Post directory (still editable) and shows
 * whether and by when the shop delivers there.
 */
export function AddressFormModal({ editing, bookSize, onClose }: { editing: Address | null; bookSize: number; onClose: () => void }) {
  const ids = useId();
  const toast = useToast();
  const save = useSaveAddress();
  const lookupPlace = usePincodeLookup();
  const defaults = defaultChoice({ editing, bookSize });
  const [values, setValues] = useState<AddressFormValues>(() => {
    const start = editing ? formFromAddress(editing) : emptyAddressForm();
    return defaults.locked ? { ...start, is_default_shipping: true } : start;
  });
  const [errors, setErrors] = useState<AddressErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** the pincode whose city and state are being looked up */
  const [lookingUp, setLookingUp] = useState<string | null>(null);
  /** the pincode in the field now: a late answer for an earlier one is dropped */
  const pincodeNow = useRef(values.postal_code);
  const service = useServiceability(values.postal_code);

  const fieldId = (f: AddressField) => `${ids}-${f}`;
  const focusField = (f: AddressField) => document.getElementById(fieldId(f))?.focus();
  const set = <K extends keyof AddressFormValues>(key: K, value: AddressFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const clear = (...fields: AddressField[]) =>
    setErrors((e) => (fields.some((f) => e[f]) ? { ...e, ...Object.fromEntries(fields.map((f) => [f, undefined])) } : e));

  const onPincode = (raw: string) => {
    const pincode = pincodeInput(raw);
    if (pincode === values.postal_code) return;
    set('postal_code', pincode);
    clear('postal_code');
    pincodeNow.current = pincode;
    setLookingUp(null);
    if (pincode.length < PINCODE_LENGTH) return;
    if (!isPincode(pincode)) {
      setErrors((e) => ({ ...e, postal_code: ADDRESS_MESSAGES.pincode }));
      return;
    }
    setLookingUp(pincode);
    lookupPlace(pincode).then(
      (place) => {
        if (pincodeNow.current !== pincode) return;
        setLookingUp(null);
        setValues((v) => ({ ...v, city: place.city, state: place.state }));
        clear('city', 'state');
      },
      (e: unknown) => {
        if (pincodeNow.current !== pincode) return;
        setLookingUp(null);
        setErrors((x) => ({ ...x, postal_code: errorMessage(e) }));
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const found = validateAddress(values);
    setErrors(found);
    setFormError(null);
    const first = firstErrorField(found);
    if (first) {
      focusField(first);
      return;
    }
    save.mutate(
      { id: editing?.id ?? null, address: toAddressRequest(values) },
      {
        onSuccess: () => {
          toast.success(editing ? 'Address updated' : 'Address saved');
          onClose();
        },
        onError: (err) => {
          const fields = isApiError(err) ? err.fields : {};
          if (Object.keys(fields).length === 0) {
            setFormError(errorMessage(err));
            return;
          }
          const { errors: refused, other } = serverFieldErrors(fields);
          setErrors(refused);
          setFormError(other.length > 0 ? other.join(' ') : null);
          const at = firstErrorField(refused);
          if (at) focusField(at);
        },
      },
    );
  };

  /** The props every text field shares: its value, its error, and the error's link for screen readers. */
  const text = (f: Exclude<AddressField, 'address_type'>, change: (raw: string) => string = (raw) => raw) => ({
    id: fieldId(f),
    name: f,
    value: values[f],
    onChange: (raw: string) => {
      set(f, change(raw));
      clear(f);
    },
    error: errors[f],
  });

  const delivery = service.data;
  const pincodeStatus = lookingUp ? (
    <span className="ab-field__working">
      <span className="spinner ab-spinner" aria-hidden="true" />
      Finding the city of {lookingUp}…
    </span>
  ) : errors.postal_code ? null : delivery ? (
    <span className={`ab-service${delivery.deliverable ? ' ab-service--ok' : ''}`} data-testid="serviceability">
      <Icon name="truck" size={16} />
      {delivery.message}
    </span>
  ) : service.isLoading ? (
    <span className="ab-field__working">
      <span className="spinner ab-spinner" aria-hidden="true" />
      Checking delivery to {values.postal_code}…
    </span>
  ) : null;

  return (
    <Modal
      open
      title={editing ? 'Edit address' : 'Add a new address'}
      onClose={onClose}
      variant="sheet"
      id="address-form"
      className="ab-sheet"
    >
      <form className="ab-form" onSubmit={submit} noValidate data-testid="address-form">
        <Field label="Full name" {...text('addressee')} autoComplete="name" autoCapitalize="words" />
        <Field
          label="Phone number"
          {...text('phone', phoneInput)}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="The courier calls this number if they need to"
        />
        <Field
          label="Pincode"
          {...text('postal_code')}
          onChange={onPincode}
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="[0-9]*"
          status={pincodeStatus}
        />
        <Field label="House / flat no. and street" {...text('street1')} autoComplete="address-line1" />
        <Field label="Area / landmark" optional {...text('street2')} autoComplete="address-line2" />
        <div className="ab-form__row">
          <Field label="City" {...text('city')} autoComplete="address-level2" />
          <Field label="State" {...text('state')} autoComplete="address-level1" />
        </div>
        <Field label="Alternate phone" optional {...text('alt_phone', phoneInput)} type="tel" inputMode="numeric" autoComplete="off" />

        <fieldset className="ab-types">
          <legend className="field-label">Address type</legend>
          <div className="ab-types__options">
            {ADDRESS_TYPES.map((t) => (
              <label key={t} className="ab-type">
                <input
                  type="radio"
                  name="address-type"
                  value={t}
                  checked={values.typeChoice === t}
                  onChange={() => {
                    set('typeChoice', t);
                    clear('address_type');
                  }}
                />
                <span>{t}</span>
              </label>
            ))}
          </div>
          {values.typeChoice === 'Other' ? (
            <Field
              label="Name this address"
              id={fieldId('address_type')}
              name="address_type"
              value={values.otherType}
              onChange={(raw) => {
                set('otherType', raw);
                clear('address_type');
              }}
              error={errors.address_type}
              placeholder="e.g. Mom’s place"
              autoComplete="off"
            />
          ) : errors.address_type ? (
            <p className="form-error" id={`${fieldId('address_type')}-error`}>
              {errors.address_type}
            </p>
          ) : null}
        </fieldset>

        <div className="ab-default">
          <label className="ab-check">
            <input
              type="checkbox"
              name="is_default_shipping"
              checked={values.is_default_shipping}
              disabled={defaults.locked}
              onChange={(e) => set('is_default_shipping', e.target.checked)}
              aria-describedby={defaults.note ? `${ids}-default-note` : undefined}
            />
            <span>Make this my default address</span>
          </label>
          {defaults.note ? (
            <p className="field-hint" id={`${ids}-default-note`}>
              {defaults.note}
            </p>
          ) : null}
        </div>

        <div className="ab-form__actions">
          {formError ? (
            <p className="form-error" role="alert" data-testid="address-form-error">
              {formError}
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--wide" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? <Spinner size={18} label="Saving" /> : null}
            {editing ? 'Save changes' : 'Save address'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

type FieldProps = {
  label: string;
  id: string;
  value: string;
  onChange: (raw: string) => void;
  error?: string;
  hint?: string;
  /** a live line under the field (the pincode's lookup and delivery) */
  status?: ReactNode;
  optional?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/** A labelled text input with its hint, its live status and its error underneath (spec 000 §5). */
function Field({ label, id, value, onChange, error, hint, status, optional, ...input }: FieldProps) {
  const showHint = Boolean(hint) && !error;
  const described = [error ? `${id}-error` : null, showHint ? `${id}-hint` : null, status !== undefined ? `${id}-status` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field ab-field">
      <label className="field-label" htmlFor={id}>
        {label}
        {optional ? <span className="ab-field__optional"> (optional)</span> : null}
      </label>
      <input
        {...input}
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="form-error ab-field__error">
          {error}
        </p>
      ) : null}
      {status !== undefined ? (
        <p id={`${id}-status`} className="ab-field__live" role="status">
          {status}
        </p>
      ) : null}
      {showHint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

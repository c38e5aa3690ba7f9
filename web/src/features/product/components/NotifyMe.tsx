import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/client';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { PRODUCT_PAGE_TOAST, useToast } from '@/shared/components/ui/toast-context';
import { useRequestSize } from '../api/request-size';
import { NOTIFY_CLOSE_MS, NOTIFY_PHONE_LENGTH, phoneDigits, refusalField, validateNotify, type NotifyErrors } from '../notify';
import type { RequestableSize } from '../purchase';

export const NOTIFY_TITLE = 'Request your size';

/**
 * Notify-me (spec 001 §4, §5, §8): choose a sold-out size; guests (and shoppers with no e-mail
 * on file) give an e-mail and a 10-digit phone. 'success' shows the server's message and closes
 * after 2 s. Every error is said in the sheet, under the field it is about (a refusal about neither
 * field under the last of them, above the button): a toast or an alert would cover the field.
 */
export default function NotifyMe({
  productId,
  productName,
  options,
  emailOnFile,
  initialSize,
  onRequested,
  onClose,
}: {
  productId: number;
  productName: string;
  options: RequestableSize[];
  /** the logged-in shopper's e-mail, or null */
  emailOnFile: string | null;
  initialSize?: string;
  onRequested: (size: string) => void;
  onClose: () => void;
}) {
  const ids = useId();
  const toast = useToast();
  const request = useRequestSize();
  const [sizeKey, setSizeKey] = useState(
    () => options.find((o) => o.value === initialSize)?.key ?? (options.length === 1 ? options[0]!.key : ''),
  );
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<NotifyErrors>({});
  const [done, setDone] = useState<string | null>(null);
  /** the server's refusal when it names neither contact field */
  const [refusal, setRefusal] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!done) return;
    const id = window.setTimeout(() => onCloseRef.current(), NOTIFY_CLOSE_MS);
    return () => window.clearTimeout(id);
  }, [done]);

  const chosen = options.find((o) => o.key === sizeKey);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen || request.isPending || done) return;
    const found = validateNotify({ email, phone }, Boolean(emailOnFile));
    setErrors(found);
    setRefusal(null);
    if (found.email ?? found.phone) {
      (found.email ? emailRef : phoneRef).current?.focus();
      return;
    }
    const refuse = (message: string) => {
      const field = emailOnFile ? null : refusalField(message);
      if (field) {
        setErrors({ [field]: message });
        (field === 'email' ? emailRef : phoneRef).current?.focus();
      } else {
        setRefusal(message);
      }
    };
    request.mutate(
      {
        productId,
        size: chosen.value,
        email: emailOnFile ?? email.trim(),
        phone: emailOnFile ? '' : phone.trim(),
      },
      {
        onSuccess: (res) => {
          if (res.result === 'success') {
            const message = res.message || 'We will let you know when your size is back.';
            setDone(message);
            toast.success(message, PRODUCT_PAGE_TOAST);
            onRequested(chosen.value);
          } else {
            refuse(res.message || 'We could not take your request. Please try again.');
          }
        },
        onError: (err) => refuse(errorMessage(err)),
      },
    );
  };

  return (
    <Modal open title={NOTIFY_TITLE} onClose={onClose} variant="sheet" id="notify-me">
      {done ? (
        <div className="notify__done" role="status" data-testid="notify-success">
          <span className="prompt__icon prompt__icon--ok" aria-hidden="true">
            <Icon name="check" size={26} />
          </span>
          <p>{done}</p>
        </div>
      ) : (
        <form className="notify" onSubmit={submit} noValidate data-testid="notify-form">
          <p className="notify__lead">
            Tell us your size of <strong>{productName}</strong> and we will let you know as soon as it is back.
          </p>
          {options.length === 0 ? (
            <p className="muted">There are no sizes to request right now.</p>
          ) : (
            <div className="field">
              <label className="field-label" htmlFor={`${ids}-size`}>
                Size
              </label>
              <select
                id={`${ids}-size`}
                className="input"
                value={sizeKey}
                onChange={(e) => {
                  setSizeKey(e.target.value);
                  setRefusal(null);
                }}
              >
                <option value="">Select a size</option>
                {options.map((o) => (
                  <option key={o.key} value={o.key}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {emailOnFile ? (
            <p className="notify__onfile">
              We will write to <strong>{emailOnFile}</strong>.
            </p>
          ) : (
            <>
              <div className="field">
                <label className="field-label" htmlFor={`${ids}-email`}>
                  E-mail
                </label>
                <input
                  ref={emailRef}
                  id={`${ids}-email`}
                  className="input"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    setRefusal(null);
                    if (errors.email) setErrors((x) => ({ ...x, email: undefined }));
                  }}
                  aria-invalid={Boolean(errors.email)}
                  aria-describedby={errors.email ? `${ids}-email-error` : undefined}
                />
                {errors.email ? (
                  <p id={`${ids}-email-error`} className="form-error" role="alert">
                    {errors.email}
                  </p>
                ) : null}
              </div>
              <div className="field">
                <label className="field-label" htmlFor={`${ids}-phone`}>
                  Phone
                </label>
                <input
                  ref={phoneRef}
                  id={`${ids}-phone`}
                  className="input"
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={NOTIFY_PHONE_LENGTH}
                  value={phone}
                  onChange={(e) => {
                    setPhone(phoneDigits(e.target.value));
                    setRefusal(null);
                    if (errors.phone) setErrors((x) => ({ ...x, phone: undefined }));
                  }}
                  onPaste={(e) => {
                    // maxLength would cut '+91 98765 43210' before the digits are picked out
                    e.preventDefault();
                    setPhone(phoneDigits(e.clipboardData.getData('text')));
                  }}
                  aria-invalid={Boolean(errors.phone)}
                  aria-describedby={errors.phone ? `${ids}-phone-error` : undefined}
                />
                {errors.phone ? (
                  <p id={`${ids}-phone-error`} className="form-error" role="alert">
                    {errors.phone}
                  </p>
                ) : null}
              </div>
            </>
          )}
          {refusal ? (
            <p id={`${ids}-refusal`} className="form-error" role="alert" data-testid="notify-refusal">
              {refusal}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button--primary button--wide"
            disabled={!chosen || request.isPending}
            aria-busy={request.isPending}
            aria-describedby={refusal ? `${ids}-refusal` : undefined}
          >
            {request.isPending ? <Spinner size={18} label="Sending request" /> : <Icon name="bell" size={18} />}
            Notify me
          </button>
        </form>
      )}
    </Modal>
  );
}

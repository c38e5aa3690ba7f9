import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '@/shared/api/client';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { PRODUCT_PAGE_TOAST, useToast } from '@/shared/components/ui/toast-context';
import { REVIEW_LIMITS, REVIEW_MESSAGES, validateReview } from '@/shared/lib/validation';
import { useSaveReview } from '../api/save-review';
import { RATING_MESSAGES } from '../rules';

type Field = 'headline' | 'comment' | 'public_name';

/** Which field a validateReview message is about. */
export function fieldOf(message: string): Field {
  if (message === REVIEW_MESSAGES.headlineRequired || message === REVIEW_MESSAGES.headlineTooLong) return 'headline';
  if (message === REVIEW_MESSAGES.commentRequired || message === REVIEW_MESSAGES.commentTooLong) return 'comment';
  return 'public_name';
}

const chars = (s: string) => Array.from(s.trim()).length;

function Counter({ id, value, limit }: { id: string; value: string; limit: number }) {
  const n = chars(value);
  return (
    <span id={id} className={`rv-field__count${n > limit ? ' is-over' : ''}`}>
      {n}/{limit}
      <span className="visually-hidden"> characters</span>
    </span>
  );
}

function TextField({
  label,
  optional,
  limit,
  value,
  onChange,
  error,
  multiline,
  placeholder,
  inputRef,
}: {
  label: string;
  optional?: boolean;
  limit: number;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  multiline?: boolean;
  placeholder?: string;
  inputRef?: (el: HTMLInputElement | HTMLTextAreaElement | null) => void;
}) {
  const id = useId();
  const hint = `${id}-hint`;
  const err = `${id}-err`;
  const common = {
    id,
    value,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${hint} ${err}` : hint,
    className: 'rv-input',
  };
  let control: ReactNode;
  if (multiline) {
    control = <textarea {...common} rows={4} ref={inputRef} onChange={(e) => onChange(e.target.value)} />;
  } else {
    control = <input {...common} type="text" ref={inputRef} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <div className="rv-field">
      <div className="rv-field__top">
        <label htmlFor={id} className="field-label">
          {label}
          {optional ? <span className="rv-field__optional"> (optional)</span> : null}
        </label>
        <Counter id={hint} value={value} limit={limit} />
      </div>
      {control}
      {error ? (
        <p id={err} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 'Write a Review' (spec 001 §5): headline (60), review (100), optional public name (40), stars.
 * Lengths are not capped while typing: the shopper sees the counter turn red and the spec's message.
 */
export function ReviewModal({
  open,
  initialStar,
  productId,
  ratedMessage,
  onClose,
  onSaved,
}: {
  open: boolean;
  initialStar: number;
  productId: number;
  /** 'Your rating has been submitted.' is showing */
  ratedMessage: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [headline, setHeadline] = useState('');
  const [comment, setComment] = useState('');
  const [publicName, setPublicName] = useState('');
  const [star, setStar] = useState(initialStar);
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const save = useSaveReview();
  const toast = useToast();
  const fields = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const starName = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    const message = validateReview({ headline, comment, public_name: publicName });
    if (message) {
      const field = fieldOf(message);
      setError({ field, message });
      fields.current[field]?.focus();
      return;
    }
    setError(null);
    save.mutate(
      {
        headline: headline.trim(),
        comment: comment.trim(),
        public_name: publicName.trim(),
        product: productId,
        star: Math.max(1, Math.min(5, star || 5)),
      },
      {
        onSuccess: onSaved,
        // Non-200 (spec 001 §8): a toast; the server's own message when it sent one.
        onError: (err) => toast.error(errorMessage(err) || RATING_MESSAGES.reviewFailed, PRODUCT_PAGE_TOAST),
      },
    );
  }

  const errorFor = (f: Field) => (error?.field === f ? error.message : null);
  /** Editing the field at fault clears its message; the next submit checks again. */
  const edit = (f: Field, set: (v: string) => void) => (v: string) => {
    set(v);
    if (error?.field === f) setError(null);
  };

  return (
    <Modal open={open} title="Write a Review" onClose={onClose} variant="sheet" id="write-review">
      <form className="rv-form" onSubmit={submit} noValidate data-testid="review-form">
        {ratedMessage ? (
          <p className="rv-rate__ok" role="status">
            {RATING_MESSAGES.rated}
          </p>
        ) : null}
        <fieldset className="rv-starpick">
          <legend className="field-label">Your rating</legend>
          <div className="rv-starpick__row">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={`rv-starpick__star${n <= star ? ' is-on' : ''}`}>
                <input
                  type="radio"
                  name={starName}
                  value={n}
                  checked={star === n}
                  onChange={() => setStar(n)}
                  className="visually-hidden"
                />
                <Icon name="star" size={28} />
                <span className="visually-hidden">
                  {n} {n === 1 ? 'star' : 'stars'}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Headline"
          limit={REVIEW_LIMITS.headline}
          value={headline}
          onChange={edit('headline', setHeadline)}
          error={errorFor('headline')}
          placeholder="Sum it up in a line"
          inputRef={(el) => {
            fields.current.headline = el;
          }}
        />
        <TextField
          label="Review"
          limit={REVIEW_LIMITS.comment}
          value={comment}
          onChange={edit('comment', setComment)}
          error={errorFor('comment')}
          multiline
          placeholder="Fit, fabric, comfort…"
          inputRef={(el) => {
            fields.current.comment = el;
          }}
        />
        <TextField
          label="Public name"
          optional
          limit={REVIEW_LIMITS.publicName}
          value={publicName}
          onChange={edit('public_name', setPublicName)}
          error={errorFor('public_name')}
          placeholder="Left blank, it shows Anonymous"
          inputRef={(el) => {
            fields.current.public_name = el;
          }}
        />
        <button type="submit" className="button button--primary button--wide" disabled={save.isPending}>
          {save.isPending ? <Spinner label="Saving review" size={18} /> : null}
          Submit review
        </button>
      </form>
    </Modal>
  );
}

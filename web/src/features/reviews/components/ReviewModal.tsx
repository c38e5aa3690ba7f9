import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, isApiError } from '@/shared/api/client';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { REVIEW_LIMITS, REVIEW_MESSAGES, validateReview } from '@/shared/lib/validation';
import { useFeedbackQuestions } from '../api/get-feedback-questions';
import { useSaveFeedback } from '../api/save-feedback';
import { useSaveReview } from '../api/save-review';
import { RATING_MESSAGES } from '../rules';
import { extraQuestions, RadioQuestion } from './FeedbackForm';

type Field = 'headline' | 'comment' | 'public_name';
/** Where a message shows: under a text field, under the stars, or above the button (under the last field). */
type Place = Field | 'star' | 'form';

/** Which field a validateReview message is about. */
export function fieldOf(message: string): Field {
  if (message === REVIEW_MESSAGES.headlineRequired || message === REVIEW_MESSAGES.headlineTooLong) return 'headline';
  if (message === REVIEW_MESSAGES.commentRequired || message === REVIEW_MESSAGES.commentTooLong) return 'comment';
  return 'public_name';
}

const REVIEW_FIELD_MESSAGES: readonly string[] = Object.values(REVIEW_MESSAGES);

/** Where a refused save's message belongs: the field the server names (or words it for), else the form. */
export function placeOf(e: unknown, message: string): Place {
  const named = isApiError(e) ? Object.keys(e.fields) : [];
  const field = (['headline', 'comment', 'public_name', 'star'] as const).find((f) => named.includes(f));
  if (field) return field;
  if (REVIEW_FIELD_MESSAGES.includes(message)) return fieldOf(message);
  return 'form';
}

/** The rating just saved here, whose feedback (the extra questions) the review sheet also takes. */
export interface PendingFeedback {
  slug: string;
  responseid: number;
  orderid: string;
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
 * 'Write a Review' (spec 001 §5): stars, then (after a star saved here, below 4 stars) the feedback
 * questions, then headline (60), review (100), optional public name (40). One flow with one ending:
 * the review's text is also the feedback's, both are sent on submit, and the sheet then thanks the
 * shopper; nothing is asked again. Lengths are not capped while typing: the shopper sees the counter
 * turn red and the spec's message. Every error shows under the field it is about, never in a toast.
 */
export function ReviewModal({
  open,
  initialStar,
  productId,
  ratedMessage,
  ratingError = null,
  feedback = null,
  onClose,
  onSaved,
}: {
  open: boolean;
  initialStar: number;
  productId: number;
  /** 'Your rating has been submitted.' is showing */
  ratedMessage: boolean;
  /** saving the star failed */
  ratingError?: string | null;
  /** the star saved here and its feedback not given yet: the sheet asks the questions too */
  feedback?: PendingFeedback | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [headline, setHeadline] = useState('');
  const [comment, setComment] = useState('');
  const [publicName, setPublicName] = useState('');
  const [star, setStar] = useState(initialStar);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ field: Place; message: string } | null>(null);
  const [done, setDone] = useState(false);
  const save = useSaveReview();
  const saveFeedback = useSaveFeedback();
  const questions = useFeedbackQuestions(feedback?.slug ?? '', Boolean(feedback));
  const asked = feedback ? extraQuestions(star, questions.data?.f_questions_secondary) : [];
  const fields = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const starName = useId();
  const formErrorId = useId();

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
    // the answers to the questions shown, taken with the review
    const pending = feedback;
    const chosen: Record<string, string> = {};
    for (const q of asked) {
      const v = answers[q.slug];
      if (v) chosen[q.slug] = v;
    }
    save.mutate(
      {
        headline: headline.trim(),
        comment: comment.trim(),
        public_name: publicName.trim(),
        product: productId,
        star: Math.max(1, Math.min(5, star || 5)),
      },
      {
        onSuccess: () => {
          if (pending) {
            // The rating's feedback, in the review's words. The review is saved either way: a failure is logged.
            saveFeedback.mutate(
              { review: comment, answers: chosen, productId, orderid: pending.orderid, responseid: pending.responseid },
              { onError: (err) => console.warn('feedback not saved', err) },
            );
          }
          setDone(true);
          onSaved();
        },
        // Non-200 (spec 001 §8): under the field it is about, else above the button; the server's own
        // message when it sent one.
        onError: (err) => {
          const message = errorMessage(err) || RATING_MESSAGES.reviewFailed;
          const place = placeOf(err, message);
          setError({ field: place, message });
          if (place !== 'star' && place !== 'form') fields.current[place]?.focus();
        },
      },
    );
  }

  const errorFor = (f: Place) => (error?.field === f ? error.message : null);
  const starError = errorFor('star') ?? ratingError;
  /** Editing the field at fault clears its message; the next submit checks again. */
  const edit = (f: Field, set: (v: string) => void) => (v: string) => {
    set(v);
    if (error?.field === f || error?.field === 'form') setError(null);
  };

  if (done) {
    return (
      <Modal open={open} title="Write a Review" onClose={onClose} variant="sheet" id="write-review">
        <div className="prompt rv-thanks" role="status" data-testid="review-thanks">
          <span className="prompt__icon prompt__icon--ok" aria-hidden="true">
            <Icon name="check" size={26} />
          </span>
          <p className="rv-thanks__title">{RATING_MESSAGES.reviewSaved}</p>
          <p>{RATING_MESSAGES.reviewThanks}</p>
          <button type="button" className="button button--primary button--wide" onClick={onClose}>
            Done
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal open={open} title="Write a Review" onClose={onClose} variant="sheet" id="write-review">
      <form className="rv-form" onSubmit={submit} noValidate data-testid="review-form">
        {ratedMessage ? (
          <p className="rv-rate__ok" role="status">
            {RATING_MESSAGES.rated}
          </p>
        ) : null}
        <fieldset className="rv-starpick" aria-describedby={starError ? `${starName}-err` : undefined}>
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
          {starError ? (
            <p id={`${starName}-err`} className="form-error" role="alert">
              {starError}
            </p>
          ) : null}
        </fieldset>
        {asked.map((q) => (
          <RadioQuestion key={q.slug} question={q} value={answers[q.slug]} onChange={(v) => setAnswers((a) => ({ ...a, [q.slug]: v }))} />
        ))}
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
        {error?.field === 'form' ? (
          <p id={formErrorId} className="form-error" role="alert" data-testid="review-error">
            {error.message}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary button--wide"
          disabled={save.isPending}
          aria-describedby={error?.field === 'form' ? formErrorId : undefined}
        >
          {save.isPending ? <Spinner label="Saving review" size={18} /> : null}
          Submit review
        </button>
      </form>
    </Modal>
  );
}

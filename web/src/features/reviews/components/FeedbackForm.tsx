import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/shared/api/client';
import type { FeedbackQuestion } from '@/shared/api/types';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useFeedbackQuestions } from '../api/get-feedback-questions';
import { useSaveFeedback } from '../api/save-feedback';
import { showExtraQuestions, validateFeedback } from '../rules';

/** The radio questions to ask: only below 4 stars (spec 001 §4), only those with options. */
export function extraQuestions(rating: number, questions: FeedbackQuestion[] | undefined): FeedbackQuestion[] {
  if (!showExtraQuestions(rating) || !questions) return [];
  return questions.filter((q) => q.question_type === 'radio' && (q.options?.length ?? 0) > 0);
}

export function RadioQuestion({
  question,
  value,
  onChange,
}: {
  question: FeedbackQuestion;
  value: string | undefined;
  onChange: (v: string) => void;
}) {
  const name = useId();
  const emphasis = new Set(question.emphasis ?? []);
  return (
    <fieldset className="rv-question" data-testid={`question-${question.slug}`}>
      <legend className="field-label">{question.text}</legend>
      <div className="rv-question__options">
        {question.options.map((o) => (
          <label key={o.value} className={`rv-option${emphasis.has(o.value) ? ' rv-option--em' : ''}${value === o.value ? ' is-on' : ''}`}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="visually-hidden"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The feedback form shown after a star is saved (spec 001 §4): review text (required) and, for
 * ratings below 4, the server's radio questions. Needs the saved rating's responseid.
 */
export function FeedbackForm({
  slug,
  productId,
  rating,
  responseid,
  orderid,
  onDone,
}: {
  slug: string;
  productId: number;
  rating: number;
  responseid: number | null;
  orderid: string;
  onDone: () => void;
}) {
  const questions = useFeedbackQuestions(slug);
  const [review, setReview] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useSaveFeedback();
  const reviewRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  const asked = extraQuestions(rating, questions.data?.f_questions_secondary);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    const message = validateFeedback({ review, responseid });
    setError(message);
    if (message || !responseid) {
      if (review.trim() === '') reviewRef.current?.focus();
      return;
    }
    const chosen: Record<string, string> = {};
    for (const q of asked) {
      const v = answers[q.slug];
      if (v) chosen[q.slug] = v;
    }
    save.mutate(
      { review, answers: chosen, productId, orderid, responseid },
      // a refusal shows under the text, as the form's own check does (a toast would cover the form)
      { onSuccess: onDone, onError: (err) => setError(errorMessage(err)) },
    );
  }

  return (
    <form className="rv-feedback" onSubmit={submit} noValidate data-testid="feedback-form">
      <h3 className="rv-feedback__title">Help other shoppers</h3>
      <p className="rv-feedback__sub">A few words on how it fits and feels.</p>
      {asked.map((q) => (
        <RadioQuestion key={q.slug} question={q} value={answers[q.slug]} onChange={(v) => setAnswers((a) => ({ ...a, [q.slug]: v }))} />
      ))}
      <div className="rv-field">
        <label htmlFor={id} className="field-label">
          {questions.data?.comment?.trim() || 'Your review'}
        </label>
        <textarea
          id={id}
          ref={reviewRef}
          className="rv-input"
          rows={3}
          value={review}
          onChange={(e) => {
            setReview(e.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          placeholder="What did you like or not like?"
        />
        {error ? (
          <p id={`${id}-err`} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary button--wide" disabled={save.isPending}>
        {save.isPending ? <Spinner label="Sending feedback" size={18} /> : null}
        Submit feedback
      </button>
    </form>
  );
}

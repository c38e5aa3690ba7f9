import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '@/shared/api/client';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useCancelCheck, useCancelOrder } from '../api/cancel';
import { pieces, requestId } from '../orders';
import type { CancelCheck, Order, RefundOption } from '../types';

/** The reason that needs a comment (the server refuses it without one). */
export const OTHER_REASON = 'Other';
/** The server's limit on the comment. */
export const COMMENT_MAX = 500;

// The server's own words for what is missing, so the page and the server never disagree.
export const MESSAGES = {
  reason: 'Please tell us why you are cancelling.',
  comment: 'Please tell us a little more in the comment.',
  refund: 'Choose where the refund goes: your Drape wallet or the original payment method.',
};

type Errors = { reason?: string; comment?: string; refund?: string; form?: string };

/** A server field error under its field (`reason` or `one` is the reason); any other message above the buttons. */
function serverErrors(e: unknown): Errors {
  const message = errorMessage(e);
  if (!isApiError(e)) return { form: message };
  const f = e.fields;
  const out: Errors = {};
  if (f.reason || f.one) out.reason = f.reason ?? f.one;
  if (f.comment) out.comment = f.comment;
  if (f.refundType) out.refund = f.refundType;
  return Object.keys(out).length > 0 ? out : { form: message };
}

/**
 * Cancelling an order (spec 000 §3 Cancel payload, §7). Opening asks /api/v1/order-cancel-check/: an order
 * that can no longer be cancelled says why; otherwise the server's reasons, a comment (needed for 'Other')
 * and, for an order paid online, where the refund goes. The check's cancel_flow picks the call. Errors stay
 * in the sheet as the server words them; on 'success' the sheet closes and the page says so.
 */
export function CancelSheet({
  order,
  onClose,
  onCancelled,
}: {
  order: Order;
  onClose: () => void;
  onCancelled: (done: Cancelled) => void;
}) {
  const [rid] = useState(requestId);
  const check = useCancelCheck(order.encrypted_order_id, rid);
  return (
    <Modal open title="Cancel order" onClose={onClose} variant="sheet" className="od-cancel" id="cancel-order-modal">
      {check.isPending ? (
        <div className="od-cancel__loading" data-testid="cancel-checking">
          <Spinner label="Checking whether this order can be cancelled" />
        </div>
      ) : check.isError ? (
        <div className="od-cancel__stop" data-testid="cancel-check-error">
          <p className="form-error" role="alert">
            {errorMessage(check.error)}
          </p>
          <button
            type="button"
            className="button button--primary button--wide"
            onClick={() => void check.refetch()}
            disabled={check.isFetching}
          >
            Try again
          </button>
        </div>
      ) : !check.data.cancellable ? (
        <div className="prompt od-cancel__stop" data-testid="cancel-refused">
          <span className="prompt__icon" aria-hidden="true">
            <Icon name="box" size={26} />
          </span>
          <p role="alert">{check.data.message || 'This order can no longer be cancelled.'}</p>
          <button type="button" className="button button--primary button--wide" onClick={onClose}>
            OK
          </button>
        </div>
      ) : (
        <CancelForm order={order} check={check.data} onClose={onClose} onCancelled={onCancelled} />
      )}
    </Modal>
  );
}

/** What the page says once an order is cancelled: that it is, and where the money goes. */
export type Cancelled = { title: string; detail: string };

function refundSentence(option: RefundOption | undefined): string {
  return option ? `Refund: ${option.text}.` : '';
}

function CancelForm({
  order,
  check,
  onClose,
  onCancelled,
}: {
  order: Order;
  check: CancelCheck;
  onClose: () => void;
  onCancelled: (done: Cancelled) => void;
}) {
  const id = useId();
  const cancel = useCancelOrder();
  const sending = useRef(false);
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [refundType, setRefundType] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const prepaid = check.cancel_flow === 'prepaid';
  const options = check.refund_options;
  const chooseRefund = prepaid && options.length > 0;
  const commentNeeded = reason === OTHER_REASON;

  const focus = (el: HTMLElement | null) => el?.focus();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const found: Errors = {};
    if (!reason) found.reason = MESSAGES.reason;
    if (commentNeeded && !comment.trim()) found.comment = MESSAGES.comment;
    if (chooseRefund && !refundType) found.refund = MESSAGES.refund;
    setErrors(found);
    if (found.reason) return focus(document.getElementById(`${id}-reason-0`));
    if (found.comment) return focus(document.getElementById(`${id}-comment`));
    if (found.refund) return focus(document.getElementById(`${id}-refund-0`));
    sending.current = true;
    const chosen = chooseRefund ? options.find((o) => o.refundType === refundType) : options[0];
    cancel.mutate(
      {
        orderId: order.encrypted_order_id,
        flow: check.cancel_flow,
        reason,
        comment: comment.trim(),
        refundType: chooseRefund ? refundType : '',
      },
      {
        onSuccess: () => onCancelled({ title: `Order ${order.pk} is cancelled.`, detail: refundSentence(chosen) }),
        onError: (err) => setErrors(serverErrors(err)),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const described = (key: keyof Errors) => (errors[key] ? `${id}-${key}-error` : undefined);
  return (
    <form className="od-cancel__form" onSubmit={submit} noValidate data-testid="cancel-form">
      <p className="od-cancel__order">
        Order <strong>{order.pk}</strong> · {pieces(order.oh_details.items_count)} · {order.oh_details.total_ui}
      </p>

      <fieldset className="od-choices" aria-describedby={described('reason')} data-testid="cancel-reasons">
        <legend className="field-label">Why are you cancelling?</legend>
        {check.reasons.map((r, i) => (
          <label key={r} className="od-choice">
            <input
              type="radio"
              id={`${id}-reason-${i}`}
              name={`${id}-reason`}
              value={r}
              checked={reason === r}
              onChange={() => {
                setReason(r);
                setErrors((x) => ({ ...x, reason: undefined, comment: r === OTHER_REASON ? x.comment : undefined, form: undefined }));
              }}
            />
            <span>{r}</span>
          </label>
        ))}
        {errors.reason ? (
          <p className="form-error" id={`${id}-reason-error`} role="alert">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>

      <div className="field">
        <label className="field-label" htmlFor={`${id}-comment`}>
          Comment{' '}
          {commentNeeded ? <span className="od-required">(needed for Other)</span> : <span className="od-optional">(optional)</span>}
        </label>
        <textarea
          id={`${id}-comment`}
          className="input od-textarea"
          rows={3}
          maxLength={COMMENT_MAX}
          value={comment}
          required={commentNeeded}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={described('comment') ?? `${id}-comment-count`}
          onChange={(e) => {
            setComment(e.target.value);
            setErrors((x) => ({ ...x, comment: undefined, form: undefined }));
          }}
        />
        {errors.comment ? (
          <p className="form-error" id={`${id}-comment-error`} role="alert">
            {errors.comment}
          </p>
        ) : (
          <p className="field-hint od-count" id={`${id}-comment-count`}>
            {comment.length}/{COMMENT_MAX}
          </p>
        )}
      </div>

      {chooseRefund ? (
        <fieldset className="od-choices" aria-describedby={described('refund')} data-testid="refund-options">
          <legend className="field-label">Where should your refund go?</legend>
          {options.map((o, i) => (
            <label key={o.refundType} className="od-choice od-choice--refund">
              <input
                type="radio"
                id={`${id}-refund-${i}`}
                name={`${id}-refund`}
                value={o.refundType}
                checked={refundType === o.refundType}
                onChange={() => {
                  setRefundType(o.refundType);
                  setErrors((x) => ({ ...x, refund: undefined, form: undefined }));
                }}
              />
              <span>
                <strong>{o.refundType === 'wallet' ? 'Drape wallet' : 'Original payment method'}</strong>
                <span className="od-choice__text">{o.text}</span>
              </span>
            </label>
          ))}
          {errors.refund ? (
            <p className="form-error" id={`${id}-refund-error`} role="alert">
              {errors.refund}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <p className="od-cancel__refund" data-testid="cancel-refund-note">
          <Icon name="wallet" size={18} />
          <span>{options[0] ? `Refund: ${options[0].text}.` : 'Nothing has been paid for this order, so there is nothing to refund.'}</span>
        </p>
      )}

      {errors.form ? (
        <p className="form-error od-cancel__error" role="alert" data-testid="cancel-error">
          {errors.form}
        </p>
      ) : null}

      <div className="od-cancel__buttons">
        <button type="submit" className="button button--wide od-button--danger" disabled={cancel.isPending} data-testid="cancel-submit">
          {cancel.isPending ? (
            <>
              <Spinner size={18} label="Cancelling" /> Cancelling…
            </>
          ) : (
            'Cancel order'
          )}
        </button>
        <button type="button" className="button button--secondary button--wide" onClick={onClose} disabled={cancel.isPending}>
          Keep order
        </button>
      </div>
    </form>
  );
}

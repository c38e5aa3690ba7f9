import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/api/client';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { sizedImage, useImageQuality } from '@/shared/lib/images';
import { digitsOnly } from '@/shared/lib/validation';
import { useExchangeSizes, useExchangeStyles } from '../api/returns';
import { ORDERS_PATH, orderDetailPath, refundRouteOf } from '../orders';
import {
  canPick,
  clampQuantity,
  fewLeft,
  processesFor,
  sizeChoice,
  styleChoice,
  type BankErrors,
  type BankField,
  type BankForm,
  type ExchangeChoice,
  type LinePick,
  type PickupAddress,
  type PickupField,
  type Process,
} from '../returns';
import type { OfferProductsQuery, OrderLine, ReturnRequested } from '../types';

/*
 * The parts of the return/exchange screen: one line to pick (quantity, return or exchange, the new
 * size or another style), the styles sheet, the pickup address and bank fields, and the confirmation.
 */

/** An error under its field, tied to it by id. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" id={id} role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}

/** One line of the order: a checkbox when it may go back, else its reason why not; once ticked, the choices. */
export function ItemPick({
  idPrefix,
  line,
  pick,
  error,
  onToggle,
  onChange,
  onChooseStyle,
}: {
  idPrefix: string;
  line: OrderLine;
  pick: LinePick | undefined;
  error: string | undefined;
  onToggle: (on: boolean) => void;
  onChange: (next: LinePick) => void;
  onChooseStyle: () => void;
}) {
  const quality = useImageQuality();
  const pickable = canPick(line);
  const base = `${idPrefix}-line-${line.id}`;
  const processes = processesFor(line);
  const note = !pickable ? (line.return_note ?? 'This item cannot be returned or exchanged.') : null;
  const partly = pickable && line.rem_quantity < line.base_order_item_qty;
  return (
    <li
      className={`rx-item${pick ? ' rx-item--on' : ''}${pickable ? '' : ' rx-item--off'}`}
      data-testid="return-item"
      data-line={line.id}
      data-pickable={pickable}
    >
      <label className="rx-item__head" htmlFor={base}>
        <input
          type="checkbox"
          id={base}
          className="rx-item__check"
          checked={Boolean(pick)}
          disabled={!pickable}
          aria-describedby={note ? `${base}-note` : undefined}
          onChange={(e) => onToggle(e.target.checked)}
        />
        <img className="od-item__img" src={sizedImage(line.img, 56, quality)} alt="" width={56} height={75} loading="lazy" />
        <span className="rx-item__text">
          <span className="od-item__name">{line.name}</span>
          <span className="od-item__meta">
            {line.size ? `Size ${line.size} · ` : null}Qty {line.base_order_item_qty} · {line.paid_ui}
          </span>
          {partly ? (
            <span className="od-item__note">
              {line.rem_quantity} of {line.base_order_item_qty} can still go back
            </span>
          ) : null}
          {note ? (
            <span className="rx-item__why" id={`${base}-note`} data-testid="return-note">
              {note}
            </span>
          ) : null}
        </span>
      </label>
      {pick ? (
        <div className="rx-item__body">
          {line.rem_quantity > 1 ? <Quantity base={base} line={line} pick={pick} onChange={onChange} /> : null}
          {processes.length > 1 ? (
            <fieldset className="rx-process" aria-describedby={error ? `${base}-error` : undefined}>
              <legend className="field-label">Return or exchange?</legend>
              <div className="rx-process__options">
                {processes.map((p) => (
                  <label key={p} className="rx-process__option">
                    <input
                      type="radio"
                      id={`${base}-${p.toLowerCase()}`}
                      name={`${base}-process`}
                      value={p}
                      checked={pick.process === p}
                      onChange={() => onChange({ ...pick, process: p as Process, exchange: p === 'Return' ? null : pick.exchange })}
                    />
                    <span>{p === 'Return' ? 'Return for a refund' : 'Exchange'}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <p className="rx-item__only" data-testid="exchange-only">
              This item can be exchanged for another size, not returned.
            </p>
          )}
          {pick.process === 'Exchange' ? (
            <ExchangeSizePicker base={base} line={line} pick={pick} onChange={onChange} onChooseStyle={onChooseStyle} />
          ) : null}
          <FieldError id={`${base}-error`} message={error} />
        </div>
      ) : null}
    </li>
  );
}

function Quantity({ base, line, pick, onChange }: { base: string; line: OrderLine; pick: LinePick; onChange: (next: LinePick) => void }) {
  const set = (n: number) => onChange({ ...pick, quantity: clampQuantity(n, line.rem_quantity) });
  return (
    <div className="rx-qty" role="group" aria-labelledby={`${base}-qty-label`}>
      <span className="field-label rx-qty__label" id={`${base}-qty-label`}>
        How many?
      </span>
      <div className="rx-qty__stepper">
        <button type="button" className="rx-qty__button" onClick={() => set(pick.quantity - 1)} disabled={pick.quantity <= 1}>
          <Icon name="minus" size={18} />
          <span className="visually-hidden">One fewer</span>
        </button>
        <output className="rx-qty__value" aria-live="polite" data-testid="return-quantity">
          {pick.quantity}
        </output>
        <button
          type="button"
          className="rx-qty__button"
          onClick={() => set(pick.quantity + 1)}
          disabled={pick.quantity >= line.rem_quantity}
        >
          <Icon name="plus" size={18} />
          <span className="visually-hidden">One more</span>
        </button>
      </div>
      <span className="rx-qty__of">of {line.rem_quantity}</span>
    </div>
  );
}

/** The new size: the sizes in stock as chips ('Only 2 left'), or another style of the same price. */
function ExchangeSizePicker({
  base,
  line,
  pick,
  onChange,
  onChooseStyle,
}: {
  base: string;
  line: OrderLine;
  pick: LinePick;
  onChange: (next: LinePick) => void;
  onChooseStyle: () => void;
}) {
  const sizes = useExchangeSizes(line.product_id, line.size, true);
  const chosen = pick.exchange;
  const choose = (exchange: ExchangeChoice | null) => onChange({ ...pick, exchange });
  return (
    <div className="rx-exchange" data-testid="exchange-sizes">
      <p className="field-label" id={`${base}-sizes-label`}>
        New size
      </p>
      {sizes.isPending ? (
        <Spinner size={22} label="Loading the sizes in stock" />
      ) : sizes.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(sizes.error)}{' '}
          <button type="button" className="link-button" onClick={() => void sizes.refetch()}>
            Try again
          </button>
        </p>
      ) : sizes.data.sizes.length === 0 ? (
        <p className="muted rx-exchange__none">No other size of this style is in stock now.</p>
      ) : (
        <div className="size-chips rx-chips" role="radiogroup" aria-labelledby={`${base}-sizes-label`}>
          {sizes.data.sizes.map((s) => {
            const on = chosen?.kind === 'size' && chosen.value === s.value;
            const few = fewLeft(s);
            return (
              <button
                key={s.size_id}
                type="button"
                role="radio"
                aria-checked={on}
                className="size-chip rx-chip"
                onClick={() => choose(on ? null : sizeChoice(s))}
              >
                <span className="rx-chip__size">{s.label || s.value}</span>
                {few ? <span className="rx-chip__few">{few}</span> : null}
              </button>
            );
          })}
        </div>
      )}
      {chosen?.kind === 'style' ? (
        <p className="rx-exchange__style" data-testid="exchange-style">
          <Icon name="check" size={16} />
          <span>
            Exchange for <strong>{chosen.label}</strong>
          </span>
        </p>
      ) : null}
      <button type="button" className="link-button rx-exchange__other" onClick={onChooseStyle}>
        {chosen?.kind === 'style' ? 'Choose a different style' : 'Choose another style'}{' '}
        <span className="visually-hidden">instead of {line.name}</span>
      </button>
    </div>
  );
}

/** Other styles of the same price in the shopper's size, six a page; choosing one closes the sheet. */
export function ExchangeStylesSheet({
  userId,
  orderId,
  line,
  quantity,
  onPick,
  onClose,
}: {
  userId: number;
  orderId: string;
  line: OrderLine;
  quantity: number;
  onPick: (choice: ExchangeChoice) => void;
  onClose: () => void;
}) {
  const quality = useImageQuality();
  const [page, setPage] = useState(1);
  const q: OfferProductsQuery = {
    orderId,
    pId: String(line.product_id),
    qty: String(quantity),
    size: line.size,
    color: '',
    page: String(page),
  };
  const styles = useExchangeStyles(userId, q);
  const data = styles.data;
  return (
    <Modal open title="Choose another style" onClose={onClose} variant="sheet" className="rx-styles" id="exchange-styles-modal">
      <p className="rx-styles__intro">
        Styles at the same price as {line.name} ({line.price_ui}), in size {line.size}. The exchange costs nothing.
      </p>
      {styles.isPending ? (
        <div className="od-cancel__loading">
          <Spinner label="Loading styles" />
        </div>
      ) : !data ? (
        <div className="od-cancel__stop">
          <p className="form-error" role="alert">
            {errorMessage(styles.error)}
          </p>
          <button type="button" className="button button--primary button--wide" onClick={() => void styles.refetch()}>
            Try again
          </button>
        </div>
      ) : data.products.length === 0 ? (
        <p className="muted" data-testid="exchange-styles-empty">
          No other style at this price has your size in stock right now.
        </p>
      ) : (
        <>
          <ul
            className={`rx-styles__list${styles.isPlaceholderData ? ' od-results--busy' : ''}`}
            aria-busy={styles.isPlaceholderData || undefined}
          >
            {data.products.map((p) => (
              <li key={p.exchange_value} className="rx-style" data-testid="exchange-style-option">
                <img className="od-item__img" src={sizedImage(p.img, 56, quality)} alt="" width={56} height={75} loading="lazy" />
                <div className="rx-style__text">
                  <p className="od-item__name">{p.name}</p>
                  <p className="od-item__meta">
                    {p.color ? `${p.color} · ` : null}Size {p.size}
                  </p>
                  <p className="rx-style__price">{p.price_ui}</p>
                </div>
                <button type="button" className="od-action od-action--accent rx-style__choose" onClick={() => onPick(styleChoice(p))}>
                  Choose{' '}
                  <span className="visually-hidden">
                    {p.name}
                    {p.color ? `, ${p.color}` : ''}, size {p.size}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {data.total_pages > 1 ? (
            <nav className="od-pager rx-styles__pager" aria-label="Pages of styles">
              <button
                type="button"
                className="od-pager__button"
                onClick={() => setPage((n) => n - 1)}
                disabled={data.current_page <= 1 || styles.isPlaceholderData}
              >
                <Icon name="chevronLeft" size={18} />
                Previous
              </button>
              <p className="od-pager__where" aria-live="polite" data-testid="exchange-styles-page">
                Page {data.current_page} of {data.total_pages}
              </p>
              <button
                type="button"
                className="od-pager__button"
                onClick={() => setPage((n) => n + 1)}
                disabled={data.current_page >= data.total_pages || styles.isPlaceholderData}
              >
                Next
                <Icon name="chevronRight" size={18} />
              </button>
            </nav>
          ) : null}
        </>
      )}
    </Modal>
  );
}

/** A labelled input with its message; `id` is `${prefix}-${field}`. */
function TextField({
  prefix,
  field,
  label,
  value,
  error,
  hint,
  onChange,
  ...input
}: {
  prefix: string;
  field: string;
  label: ReactNode;
  value: string;
  error: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>) {
  const id = `${prefix}-${field}`;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      {hint && !error ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Another address to collect from (spec 000 §3: full_name, address, address_pincode, city, state, mobile). */
export function PickupFields({
  prefix,
  value,
  errors,
  pincodeNote,
  onChange,
}: {
  prefix: string;
  value: PickupAddress;
  errors: Partial<Record<PickupField, string>>;
  /** What the courier table says of the pincode typed (pickup or not). */
  pincodeNote: { ok: boolean; text: string } | null;
  onChange: (field: PickupField, v: string) => void;
}) {
  return (
    <div className="rx-fields" data-testid="pickup-fields">
      <TextField
        prefix={prefix}
        field="full_name"
        label="Name"
        value={value.full_name}
        error={errors.full_name}
        autoComplete="name"
        maxLength={80}
        onChange={(v) => onChange('full_name', v)}
      />
      <TextField
        prefix={prefix}
        field="address"
        label="House, street and area"
        value={value.address}
        error={errors.address}
        autoComplete="street-address"
        maxLength={200}
        onChange={(v) => onChange('address', v)}
      />
      <div className="field">
        <label className="field-label" htmlFor={`${prefix}-address_pincode`}>
          Pincode
        </label>
        <input
          id={`${prefix}-address_pincode`}
          className="input rx-pincode"
          value={value.address_pincode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          aria-invalid={errors.address_pincode ? true : undefined}
          aria-describedby={
            errors.address_pincode ? `${prefix}-address_pincode-error` : pincodeNote ? `${prefix}-address_pincode-note` : undefined
          }
          onChange={(e) => onChange('address_pincode', digitsOnly(e.target.value, 6))}
        />
        {errors.address_pincode ? (
          <FieldError id={`${prefix}-address_pincode-error`} message={errors.address_pincode} />
        ) : pincodeNote ? (
          <p
            className={pincodeNote.ok ? 'rx-note rx-note--ok' : 'form-error'}
            id={`${prefix}-address_pincode-note`}
            role={pincodeNote.ok ? undefined : 'alert'}
            data-testid="pickup-pincode-note"
          >
            {pincodeNote.text}
          </p>
        ) : null}
      </div>
      <div className="rx-fields__pair">
        <TextField
          prefix={prefix}
          field="city"
          label="City"
          value={value.city}
          error={errors.city}
          autoComplete="address-level2"
          maxLength={60}
          onChange={(v) => onChange('city', v)}
        />
        <TextField
          prefix={prefix}
          field="state"
          label="State"
          value={value.state}
          error={errors.state}
          autoComplete="address-level1"
          maxLength={60}
          onChange={(v) => onChange('state', v)}
        />
      </div>
      <TextField
        prefix={prefix}
        field="mobile"
        label="Mobile number"
        value={value.mobile}
        error={errors.mobile}
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        hint="The courier calls this number before collecting."
        onChange={(v) => onChange('mobile', digitsOnly(v, 10))}
      />
    </div>
  );
}

/** The bank account for a cash-on-delivery refund (spec 000 §3 Bank details). */
export function BankFields({
  prefix,
  value,
  errors,
  onChange,
}: {
  prefix: string;
  value: BankForm;
  errors: BankErrors;
  onChange: (field: BankField, v: string) => void;
}) {
  return (
    <div className="rx-fields rx-bank" data-testid="bank-fields">
      <p className="rx-bank__intro">We transfer the refund to this account once we receive the pieces.</p>
      {errors.bank ? (
        <p className="form-error rx-bank__missing" id={`${prefix}-bank-error`} role="alert" tabIndex={-1} data-testid="bank-error">
          {errors.bank}
        </p>
      ) : null}
      <TextField
        prefix={prefix}
        field="accountName"
        label="Account holder’s name"
        value={value.accountName}
        error={errors.accountName}
        autoComplete="off"
        maxLength={100}
        onChange={(v) => onChange('accountName', v)}
      />
      <TextField
        prefix={prefix}
        field="accountNnumber"
        label="Account number"
        value={value.accountNnumber}
        error={errors.accountNnumber}
        inputMode="numeric"
        autoComplete="off"
        maxLength={18}
        hint="9 to 18 digits"
        onChange={(v) => onChange('accountNnumber', v)}
      />
      <TextField
        prefix={prefix}
        field="confirmAccountNumber"
        label="Account number again"
        value={value.confirmAccountNumber}
        error={errors.confirmAccountNumber}
        inputMode="numeric"
        autoComplete="off"
        maxLength={18}
        hint="Type it again, so a slip of the finger does not send your money elsewhere."
        onChange={(v) => onChange('confirmAccountNumber', v)}
      />
      <TextField
        prefix={prefix}
        field="ifscCode"
        label="IFSC code"
        value={value.ifscCode}
        error={errors.ifscCode}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={11}
        hint="11 characters, such as HDFC0000001: on your cheque book or passbook"
        onChange={(v) => onChange('ifscCode', v)}
      />
      <TextField
        prefix={prefix}
        field="branchName"
        label="Branch"
        value={value.branchName}
        error={errors.branchName}
        autoComplete="off"
        maxLength={100}
        onChange={(v) => onChange('branchName', v)}
      />
    </div>
  );
}

/** What the request was, for the confirmation's line under the server's message. */
const DONE_WHAT = {
  return: 'Your return',
  exchange: 'Your exchange',
  'return and exchange': 'Your return and exchange',
  'return or exchange': 'Your request',
} as const;

/** What the shopper reads once the request is in: the server's message, the request and the exchange order. */
export function ReturnDone({
  orderId,
  orderRef,
  noun,
  route,
  answer,
  headingRef,
}: {
  orderId: string;
  orderRef: string;
  noun: keyof typeof DONE_WHAT;
  route: string;
  answer: ReturnRequested;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <section className="rx-done" aria-labelledby="rx-done-title" data-testid="return-done" data-return={answer.return_id}>
      <span className="prompt__icon prompt__icon--ok" aria-hidden="true">
        <Icon name="check" size={28} />
      </span>
      <h1 className="od-title rx-done__title" id="rx-done-title" tabIndex={-1} ref={headingRef}>
        We have your request
      </h1>
      <p className="rx-done__message" data-testid="return-done-message">
        {answer.message}
      </p>
      <dl className="od-price rx-done__facts">
        <div className="od-price__row">
          <dt>Order</dt>
          <dd>{orderRef}</dd>
        </div>
        {answer.exchange_order_ref ? (
          <div className="od-price__row">
            <dt>Exchange order</dt>
            <dd data-testid="exchange-order-ref">{answer.exchange_order_ref}</dd>
          </div>
        ) : null}
        {answer.refund_amount > 0 ? (
          <div className="od-price__row">
            <dt>Refund{route ? ` ${refundRouteOf(route)}` : ''}</dt>
            <dd>{answer.refund_amount_ui}</dd>
          </div>
        ) : null}
      </dl>
      <p className="rx-done__next">
        {DONE_WHAT[noun]} is on the order’s page. Our courier will call before collecting: please keep the pieces ready with their tags.
      </p>
      <div className="rx-done__links">
        <Link to={orderDetailPath(orderId)} className="button button--primary button--wide">
          Back to the order
        </Link>
        <Link to={ORDERS_PATH} className="button button--secondary button--wide">
          My orders
        </Link>
      </div>
    </section>
  );
}

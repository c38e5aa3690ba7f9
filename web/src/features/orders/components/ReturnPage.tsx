import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/client';
import { isLoggedIn, useSession } from '@/shared/api/session';
import { AccountPage, AccountPageLoading, LoginNeededPanel } from '@/shared/components/AccountPage';
import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';
import { isPincode } from '@/shared/lib/validation';
import { useOrder } from '../api/get-order';
import { orderKeys } from '../api/keys';
import { checkPickup, returnPriceQueryOptions, usePickupCheck, useRequestReturn, useReturnPrice } from '../api/returns';
import { orderDetailPath } from '../orders';
import {
  accountDigits,
  canPick,
  COMMENT_MAX,
  EMPTY_BANK,
  EMPTY_PICKUP,
  ERROR_ORDER,
  listedLines,
  normaliseIfsc,
  OTHER_REASON,
  placeServerError,
  priceForm,
  refundSource,
  requestNoun,
  RETURN_MESSAGES,
  returnForm,
  ROUTE_WORDS,
  startPick,
  validateReturn,
  type BankForm,
  type ExchangeChoice,
  type LinePick,
  type PickupAddress,
  type ReturnChoices,
  type ReturnErrors,
} from '../returns';
import type { OrderDetail, OrderLine, ReturnPrice, ReturnRequested } from '../types';
import { OrderLoadError } from './OrderParts';
import { BankFields, ExchangeStylesSheet, FieldError, ItemPick, PickupFields, ReturnDone } from './ReturnParts';
import './orders.css';
import './returns.css';

/** Where "Back" goes: the order the shopper came from. */
function Shell({ orderId, children }: { orderId: string; children: ReactNode }) {
  return (
    <AccountPage title="Return or exchange" className="od-page rx-page" testId="return-page">
      <Link to={orderDetailPath(orderId)} className="od-back">
        <Icon name="chevronLeft" size={18} />
        Back to the order
      </Link>
      {children}
    </AccountPage>
  );
}

type Done = { answer: ReturnRequested; noun: ReturnType<typeof requestNoun>; route: string };

/**
 * Returning or exchanging pieces of a delivered order (/order/return/:orderId, spec 000 §3 Return/exchange
 * form): pick the items (how many, return or exchange, the new size or another style of the same price),
 * the reason, where the courier collects, and where a refund goes (a bank account for cash on delivery).
 * The refund is priced by the server as the selection changes; the server's refusals are shown where the
 * shopper acts on them; the answer replaces the form.
 */
export function ReturnPage() {
  const { orderId = '' } = useParams();
  const { pathname, search } = useLocation();
  const session = useSession();
  const me = session.data;
  const userId = me && isLoggedIn(me) && me.user ? me.user.id : null;
  const detail = useOrder(userId, orderId);
  const [done, setDone] = useState<Done | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!done) return;
    heading.current?.scrollIntoView?.({ block: 'center' });
    heading.current?.focus({ preventScroll: true });
  }, [done]);

  if (session.isPending) return <Loading orderId={orderId} />;
  if (userId === null || (isApiError(detail.error) && detail.error.status === 401)) {
    return (
      <Shell orderId={orderId}>
        <LoginNeededPanel
          icon="box"
          iconClassName="od-icon"
          title="Return or exchange"
          text="Log in to return or exchange pieces of your order."
          next={pathname + search}
          testId="return-login"
        />
      </Shell>
    );
  }
  if (done && detail.data) {
    return (
      <Shell orderId={orderId}>
        <ReturnDone
          orderId={orderId}
          orderRef={detail.data.order.pk}
          noun={done.noun}
          route={done.route}
          answer={done.answer}
          headingRef={heading}
        />
      </Shell>
    );
  }
  if (detail.isPending) return <Loading orderId={orderId} />;
  if (!detail.data) {
    return (
      <Shell orderId={orderId}>
        <OrderLoadError error={detail.error} retrying={detail.isFetching} onRetry={() => void detail.refetch()} testId="return-error" />
      </Shell>
    );
  }
  const d = detail.data;
  return (
    <Shell orderId={orderId}>
      <Head detail={d} />
      {d.order.orders_util_data.can_return ? <ReturnForm detail={d} userId={userId} onDone={setDone} /> : <NothingToReturn detail={d} />}
    </Shell>
  );
}

function Head({ detail }: { detail: OrderDetail }) {
  const h = detail.order.oh_details;
  return (
    <header className="rx-head">
      <h1 className="od-title">Return or exchange</h1>
      <p className="od-card__placed">
        Order <strong data-testid="order-number">{detail.order.pk}</strong>
        {h.delivered_at_ui ? ` · Delivered on ${h.delivered_at_ui}` : null}
      </p>
      {h.return_window_ends_ui && detail.order.orders_util_data.can_return ? (
        <p className="od-card__placed">Return or exchange by {h.return_window_ends_ui}</p>
      ) : null}
    </header>
  );
}

function NothingToReturn({ detail }: { detail: OrderDetail }) {
  const lines = listedLines(detail.order.products);
  return (
    <div className="state-panel rx-nothing" data-testid="return-nothing">
      <p>Nothing in this order can be returned or exchanged now.</p>
      <ul className="rx-nothing__list">
        {lines.map((l) => (
          <li key={l.id}>
            <strong>{l.name}</strong>
            {l.return_note ? `: ${l.return_note}` : null}
          </li>
        ))}
      </ul>
      <Link to={orderDetailPath(detail.order.encrypted_order_id)} className="button button--primary">
        Back to the order
      </Link>
    </div>
  );
}

/**
 * What the refund section needs from the price: the routes, whether money is due (only returns refund),
 * and the route the request sends: the shopper's choice among the routes, or the only one there is.
 */
function refundFacts(price: ReturnPrice | undefined, hasReturn: boolean, chosen: string) {
  const routes = price?.refund_routes ?? [];
  const refundDue = hasReturn && (price?.total_refund ?? 0) > 0;
  const onlyRoute = routes.length === 1 ? routes[0]! : '';
  const route = refundDue ? (routes.includes(chosen) ? chosen : onlyRoute) : '';
  return { routes, refundDue, onlyRoute, route };
}

/** Where the page puts the keyboard for a message, by where the message sits. */
function targetId(id: string, key: keyof ReturnErrors, errors: ReturnErrors): string {
  switch (key) {
    case 'form':
      return `${id}-form-error`;
    case 'items':
      return `${id}-items-error`;
    case 'lines': {
      const first = Object.keys(errors.lines ?? {})[0];
      return `${id}-line-${first}-error`;
    }
    case 'reason':
      return `${id}-reason-0`;
    case 'pickup':
      return `${id}-pickup-error`;
    case 'refund':
      return `${id}-refund-0`;
    case 'bank':
      return `${id}-bank-error`;
    default:
      return `${id}-${key}`;
  }
}

const hasAny = (e: ReturnErrors) =>
  Object.entries(e).some(([, v]) => (typeof v === 'string' ? v !== '' : v && Object.keys(v as object).length > 0));

function ReturnForm({ detail, userId, onDone }: { detail: OrderDetail; userId: number; onDone: (d: Done) => void }) {
  const id = useId().replace(/:/g, '');
  const queryClient = useQueryClient();
  const order = detail.order;
  const orderId = order.encrypted_order_id;
  const lines = listedLines(order.products);
  const paymentType = refundSource(detail);

  const [picks, setPicks] = useState<Record<number, LinePick>>({});
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [otherAddress, setOtherAddress] = useState(false);
  const [pickup, setPickup] = useState<PickupAddress>(() => ({
    ...EMPTY_PICKUP,
    full_name: detail.address.addressee ?? '',
    mobile: detail.address.phone ?? '',
  }));
  const [refundType, setRefundType] = useState('');
  const [bank, setBank] = useState<BankForm>(EMPTY_BANK);
  const [errors, setErrors] = useState<ReturnErrors>({});
  const [focus, setFocus] = useState<{ n: number; key: keyof ReturnErrors } | null>(null);
  const [stylesFor, setStylesFor] = useState<OrderLine | null>(null);
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const autofilled = useRef({ city: '', state: '' });
  const request = useRequestReturn();

  // The keyboard goes to the first message once it is on the page.
  useEffect(() => {
    if (!focus) return;
    const el = document.getElementById(targetId(id, focus.key, errors));
    el?.focus();
    el?.scrollIntoView?.({ block: 'center' });
    // only when a new focus is asked for
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus]);

  const picked = lines.filter((l) => picks[l.id]).map((l) => picks[l.id]!);
  const priced = picked.filter((p) => p.process !== '');
  const form = priceForm(orderId, priced, paymentType);
  const price = useReturnPrice(userId, form, priced.length > 0);
  const hasReturn = picked.some((p) => p.process === 'Return');
  const answer = price.data;
  const { routes, refundDue, onlyRoute, route } = refundFacts(answer, hasReturn, refundType);
  const reasons = answer?.reasons ?? [];
  const noun = requestNoun(picked.map((p) => p.process));

  // Where the courier collects: the delivery address unless the shop has no pickup there.
  const a = detail.address;
  const deliveryPin = a.postal_code ?? '';
  const hasDelivery = Boolean(a.street1 || a.addressee) && isPincode(deliveryPin);
  const deliveryCheck = usePickupCheck(hasDelivery ? deliveryPin : '');
  const deliveryNoPickup = deliveryCheck.data?.pickup_available_data.reverse_pickup_available === false;
  const useOther = otherAddress || !hasDelivery || deliveryNoPickup;
  const otherCheck = usePickupCheck(useOther ? pickup.address_pincode : '');
  const otherNoPickup = otherCheck.data?.pickup_available_data.reverse_pickup_available === false;

  const clear = (...keys: (keyof ReturnErrors)[]) =>
    setErrors((x) => {
      const next = { ...x, form: undefined };
      for (const k of keys) delete next[k];
      return next;
    });

  const setPick = (line: OrderLine, next: LinePick | null) => {
    setPicks((x) => {
      const copy = { ...x };
      if (next) copy[line.id] = next;
      else delete copy[line.id];
      return copy;
    });
    setErrors((x) => {
      const lineErrors = { ...(x.lines ?? {}) };
      delete lineErrors[line.id];
      return { ...x, lines: lineErrors, items: undefined, form: undefined };
    });
  };

  const changePickup = (field: keyof PickupAddress, value: string) => {
    setPickup((p) => ({ ...p, [field]: value }));
    clear(field, 'pickup');
    if (field !== 'address_pincode' || !isPincode(value)) return;
    // A complete pincode fills city and state (still editable) unless the shopper typed their own.
    void queryClient
      .fetchQuery({ queryKey: orderKeys.pickup(value), queryFn: ({ signal }) => checkPickup(value, signal), staleTime: 5 * 60_000 })
      .then((s) => {
        setPickup((p) => {
          if (p.address_pincode !== value) return p;
          const fill = (mine: string, last: string, theirs: string) => (mine.trim() === '' || mine === last ? theirs || mine : mine);
          const next = {
            ...p,
            city: fill(p.city, autofilled.current.city, s.city),
            state: fill(p.state, autofilled.current.state, s.state),
          };
          autofilled.current = { city: s.city, state: s.state };
          return next;
        });
      })
      .catch(() => {});
  };

  const choices = (priceNow: ReturnPrice | undefined): ReturnChoices => ({
    orderId,
    picks: picked,
    reason,
    comment,
    otherAddress: useOther,
    pickup,
    refundType: refundFacts(priceNow, hasReturn, refundType).route,
    bank,
    paymentType: priceNow?.refund_source || paymentType,
  });

  const show = (found: ReturnErrors) => {
    setErrors(found);
    const first = ERROR_ORDER.find((k) => {
      const v = found[k];
      return typeof v === 'string' ? v !== '' : v !== undefined && Object.keys(v).length > 0;
    });
    if (first) setFocus((f) => ({ n: (f?.n ?? 0) + 1, key: first }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      // The refund (and where it may go) of exactly this selection: the answer on the page, or asked now.
      let priceNow = answer && !price.isPlaceholderData ? answer : undefined;
      if (!priceNow && priced.length > 0 && priced.length === picked.length) {
        try {
          priceNow = await queryClient.fetchQuery(returnPriceQueryOptions(userId, form));
        } catch (err) {
          return show({ form: errorMessage(err) });
        }
      }
      const facts = refundFacts(priceNow, hasReturn, refundType);
      const c = choices(priceNow);
      const found = validateReturn(c, lines, { refundDue: facts.refundDue, routes: facts.routes });
      if (useOther && otherNoPickup && !found.address_pincode) found.address_pincode = RETURN_MESSAGES.noPickup;
      if (hasAny(found)) return show(found);
      setErrors({});
      try {
        const r = await request.mutateAsync(returnForm(c));
        onDone({ answer: r, noun, route: c.refundType });
      } catch (err) {
        show(isApiError(err) ? placeServerError(err, useOther) : { form: errorMessage(err) });
        if (isApiError(err) && err.status === 409) {
          // The pieces left or the sizes in stock have moved: read them again.
          void queryClient.invalidateQueries({ queryKey: orderKeys.detail(userId, orderId) });
          void queryClient.invalidateQueries({ queryKey: ['exchange-sizes'] });
        }
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const described = (key: keyof ReturnErrors, own: string) => (errors[key] ? own : undefined);

  return (
    <form className="rx-form" onSubmit={(e) => void submit(e)} noValidate data-testid="return-form">
      {errors.form ? (
        <p className="form-error od-cancel__error" id={`${id}-form-error`} role="alert" tabIndex={-1} data-testid="return-error">
          {errors.form}
        </p>
      ) : null}

      <section className="od-section rx-section" aria-labelledby={`${id}-items-title`} data-testid="return-items">
        <h2 className="od-section__title" id={`${id}-items-title`}>
          What would you like to send back?
        </h2>
        <ul className="rx-items">
          {lines.map((line) => (
            <ItemPick
              key={line.id}
              idPrefix={id}
              line={line}
              pick={picks[line.id]}
              error={errors.lines?.[line.id]}
              onToggle={(on) => setPick(line, on && canPick(line) ? startPick(line) : null)}
              onChange={(next) => setPick(line, next)}
              onChooseStyle={() => setStylesFor(line)}
            />
          ))}
        </ul>
        <FieldError id={`${id}-items-error`} message={errors.items} />
      </section>

      {picked.length > 0 ? (
        <>
          <section className="od-section rx-section" aria-labelledby={`${id}-reason-title`} data-testid="return-reasons">
            <h2 className="od-section__title" id={`${id}-reason-title`}>
              Why are you sending it back?
            </h2>
            {reasons.length > 0 ? (
              <fieldset className="od-choices" aria-describedby={described('reason', `${id}-reason-error`)}>
                <legend className="visually-hidden">Reason</legend>
                {reasons.map((r, i) => (
                  <label key={r} className="od-choice">
                    <input
                      type="radio"
                      id={`${id}-reason-${i}`}
                      name={`${id}-reason`}
                      value={r}
                      checked={reason === r}
                      onChange={() => {
                        setReason(r);
                        clear('reason', ...(r === OTHER_REASON ? [] : (['comment'] as const)));
                      }}
                    />
                    <span>{r}</span>
                  </label>
                ))}
                <FieldError id={`${id}-reason-error`} message={errors.reason} />
              </fieldset>
            ) : price.isFetching ? (
              <Spinner size={22} label="Loading the reasons" />
            ) : (
              <>
                <p className="muted">Choose Return or Exchange for each item first.</p>
                <FieldError id={`${id}-reason-error`} message={errors.reason} />
              </>
            )}
            <div className="field">
              <label className="field-label" htmlFor={`${id}-comment`}>
                Comment{' '}
                {reason === OTHER_REASON ? (
                  <span className="od-required">(needed for Other)</span>
                ) : (
                  <span className="od-optional">(optional)</span>
                )}
              </label>
              <textarea
                id={`${id}-comment`}
                className="input od-textarea"
                rows={3}
                maxLength={COMMENT_MAX}
                value={comment}
                aria-invalid={errors.comment ? true : undefined}
                aria-describedby={errors.comment ? `${id}-comment-error` : `${id}-comment-count`}
                onChange={(e) => {
                  setComment(e.target.value);
                  clear('comment');
                }}
              />
              {errors.comment ? (
                <FieldError id={`${id}-comment-error`} message={errors.comment} />
              ) : (
                <p className="field-hint od-count" id={`${id}-comment-count`}>
                  {comment.length}/{COMMENT_MAX}
                </p>
              )}
            </div>
          </section>

          <section className="od-section rx-section" aria-labelledby={`${id}-pickup-title`} data-testid="return-pickup">
            <h2 className="od-section__title" id={`${id}-pickup-title`}>
              Where should we collect it?
            </h2>
            <fieldset className="od-choices" aria-describedby={described('pickup', `${id}-pickup-error`)}>
              <legend className="visually-hidden">Pickup address</legend>
              {hasDelivery ? (
                <label className={`od-choice rx-address${deliveryNoPickup ? ' rx-address--off' : ''}`}>
                  <input
                    type="radio"
                    id={`${id}-pickup-delivery`}
                    name={`${id}-pickup`}
                    checked={!useOther}
                    disabled={deliveryNoPickup}
                    onChange={() => {
                      setOtherAddress(false);
                      clear('pickup', 'full_name', 'address', 'address_pincode', 'city', 'state', 'mobile');
                    }}
                  />
                  <span className="rx-address__text" data-testid="pickup-delivery">
                    <strong>The delivery address</strong>
                    <span>
                      {[a.addressee, a.street1, a.street2].filter(Boolean).join(', ')}
                      {`, ${[a.city, a.state].filter(Boolean).join(', ')} ${a.postal_code ?? ''}`}
                    </span>
                    {deliveryNoPickup ? <span className="rx-address__why">{RETURN_MESSAGES.noPickup}</span> : null}
                  </span>
                </label>
              ) : null}
              <label className="od-choice">
                <input
                  type="radio"
                  id={`${id}-pickup-other`}
                  name={`${id}-pickup`}
                  checked={useOther}
                  onChange={() => {
                    setOtherAddress(true);
                    clear('pickup');
                  }}
                />
                <span>
                  <strong>Collect from another address</strong>
                </span>
              </label>
              <FieldError id={`${id}-pickup-error`} message={errors.pickup} />
            </fieldset>
            {useOther ? (
              <PickupFields
                prefix={id}
                value={pickup}
                errors={errors}
                pincodeNote={
                  otherCheck.data && otherCheck.data.pincode === pickup.address_pincode
                    ? otherNoPickup
                      ? { ok: false, text: RETURN_MESSAGES.noPickup }
                      : { ok: true, text: 'Our courier collects from this pincode.' }
                    : null
                }
                onChange={changePickup}
              />
            ) : null}
          </section>

          {hasReturn ? (
            <section className="od-section rx-section" aria-labelledby={`${id}-refund-title`} data-testid="return-refund">
              <h2 className="od-section__title" id={`${id}-refund-title`}>
                Your refund
              </h2>
              <RefundAmount price={price} priced={priced.length} lines={lines} />
              {refundDue ? (
                routes.length > 1 ? (
                  <fieldset className="od-choices" aria-describedby={described('refund', `${id}-refund-error`)} data-testid="refund-routes">
                    <legend className="field-label">Where should your refund go?</legend>
                    {routes.map((r, i) => (
                      <label key={r} className="od-choice od-choice--refund">
                        <input
                          type="radio"
                          id={`${id}-refund-${i}`}
                          name={`${id}-refund`}
                          value={r}
                          checked={route === r}
                          onChange={() => {
                            setRefundType(r);
                            clear('refund', 'bank');
                          }}
                        />
                        <span>
                          <strong>{ROUTE_WORDS[r]?.title ?? r}</strong>
                          <span className="od-choice__text">{ROUTE_WORDS[r]?.text ?? ''}</span>
                        </span>
                      </label>
                    ))}
                    <FieldError id={`${id}-refund-error`} message={errors.refund} />
                  </fieldset>
                ) : (
                  <p className="od-cancel__refund" data-testid="refund-route-note">
                    <Icon name="wallet" size={18} />
                    <span>
                      To your {ROUTE_WORDS[onlyRoute]?.title ?? onlyRoute}: {ROUTE_WORDS[onlyRoute]?.text.toLowerCase()}.
                    </span>
                  </p>
                )
              ) : null}
              {route === 'bank' ? (
                <BankFields
                  prefix={id}
                  value={bank}
                  errors={errors}
                  onChange={(field, v) => {
                    const typed =
                      field === 'ifscCode'
                        ? normaliseIfsc(v)
                        : field === 'accountNnumber' || field === 'confirmAccountNumber'
                          ? accountDigits(v)
                          : v;
                    setBank((b) => ({ ...b, [field]: typed }));
                    clear(field, 'bank');
                  }}
                />
              ) : null}
            </section>
          ) : (
            <p className="od-cancel__refund rx-free" data-testid="exchange-free">
              <Icon name="refresh" size={18} />
              <span>No charge for an exchange: the new size is held for you and ships once our courier collects yours.</span>
            </p>
          )}
        </>
      ) : null}

      <button type="submit" className="button button--primary button--wide rx-submit" disabled={busy} data-testid="return-submit">
        {busy ? (
          <>
            <Spinner size={18} label="Sending" /> Sending…
          </>
        ) : (
          `Request ${noun}`
        )}
      </button>

      {stylesFor ? (
        <ExchangeStylesSheet
          userId={userId}
          orderId={orderId}
          line={stylesFor}
          quantity={picks[stylesFor.id]?.quantity ?? 1}
          onClose={() => setStylesFor(null)}
          onPick={(choice: ExchangeChoice) => {
            const current = picks[stylesFor.id];
            if (current) setPick(stylesFor, { ...current, process: 'Exchange', exchange: choice });
            setStylesFor(null);
          }}
        />
      ) : null}
    </form>
  );
}

/** What the picked pieces refund, from the server; the last answer stays (dimmed) while a new one comes. */
function RefundAmount({ price, priced, lines }: { price: ReturnType<typeof useReturnPrice>; priced: number; lines: OrderLine[] }) {
  const a = price.data;
  if (priced === 0) return <p className="muted">Choose Return or Exchange for each item to see the refund.</p>;
  if (!a) {
    if (price.isError) {
      return (
        <p className="form-error" role="alert" data-testid="refund-error">
          {errorMessage(price.error)}{' '}
          <button type="button" className="link-button" onClick={() => void price.refetch()}>
            Try again
          </button>
        </p>
      );
    }
    return <Spinner size={22} label="Working out your refund" />;
  }
  const returned = a.items.filter((i) => i.process === 'Return');
  return (
    <div className={`rx-amount${price.isPlaceholderData ? ' od-results--busy' : ''}`} aria-busy={price.isPlaceholderData || undefined}>
      {returned.length > 1 ? (
        <ul className="rx-amount__items">
          {returned.map((i) => {
            const line = lines.find((l) => l.id === i.id);
            return (
              <li key={i.id}>
                <span>
                  {line?.name ?? 'Item'} × {i.quantity}
                </span>
                <span>{i.amount_ui}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="rx-amount__total" data-testid="refund-amount">
        <span>Refund</span>
        <strong>{a.total_refund_ui}</strong>
      </p>
    </div>
  );
}

function Loading({ orderId }: { orderId: string }) {
  return (
    <Shell orderId={orderId}>
      <AccountPageLoading className="od-loading" label="Loading your order" />
    </Shell>
  );
}

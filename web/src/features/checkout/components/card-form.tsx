import { useId, useState, type FormEvent } from 'react';
import {
  CARD_FIELDS,
  digitsOf,
  formatCardNumber,
  formatExpiry,
  isAmex,
  validateCard,
  type CardField,
  type CardValues,
} from '../validators';
import { Field } from './field';

/**
 * A new credit or debit card. The number is grouped in fours as typed and checked (Luhn), the expiry
 * written MM/YY (not in the past), the CVV 3 digits (4 for American Express). Each message shows under
 * its field once the shopper leaves it. These values go only to the payment provider's script.
 */
export function CardForm({ card, onChange }: { card: CardValues; onChange: (card: CardValues) => void }) {
  const id = useId();
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const errors = validateCard(card);
  const shown = (f: CardField) => (touched[f] ? errors[f] : undefined);
  const blur = (f: CardField) => () => setTouched((t) => ({ ...t, [f]: true }));
  const set = (change: Partial<CardValues>) => onChange({ ...card, ...change });
  const amex = isAmex(digitsOf(card.number));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(Object.fromEntries(CARD_FIELDS.map((f) => [f, true])));
  };

  return (
    <form className="co-form" onSubmit={submit} noValidate data-testid="card-form">
      <Field
        label="Card number"
        id={`${id}-number`}
        value={card.number}
        onChange={(raw) => set({ number: formatCardNumber(raw) })}
        onBlur={blur('number')}
        error={shown('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
      />
      <div className="co-form__row">
        <Field
          label="Expiry (MM/YY)"
          id={`${id}-expiry`}
          value={card.expiry}
          onChange={(raw) => set({ expiry: raw.length < card.expiry.length ? raw.replace(/\/$/, '') : formatExpiry(raw) })}
          onBlur={blur('expiry')}
          error={shown('expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
        />
        <Field
          label="CVV"
          id={`${id}-cvv`}
          value={card.cvv}
          onChange={(raw) => set({ cvv: digitsOf(raw).slice(0, 4) })}
          onBlur={blur('cvv')}
          error={shown('cvv')}
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          hint={amex ? '4 digits on the front' : '3 digits on the back'}
        />
      </div>
      <Field
        label="Name on card"
        id={`${id}-name`}
        value={card.name}
        onChange={(raw) => set({ name: raw })}
        onBlur={blur('name')}
        error={shown('name')}
        autoComplete="cc-name"
        autoCapitalize="characters"
      />
      <label className="co-check">
        <input type="checkbox" checked={card.save} onChange={(e) => set({ save: e.target.checked })} />
        <span>Save this card for faster checkout</span>
      </label>
      <button type="submit" className="visually-hidden" tabIndex={-1}>
        Check card details
      </button>
    </form>
  );
}

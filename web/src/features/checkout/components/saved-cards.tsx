import { useId, useState } from 'react';
import { savedCvvError } from '../payment';
import type { SavedCard } from '../types';
import { digitsOf, isAmexNetwork } from '../validators';
import { Field } from './field';

/** The shopper's saved cards (network, •••• last four, expiry) as radios; the chosen one asks for its CVV. */
export function SavedCards({
  cards,
  token,
  cvv,
  onChange,
}: {
  cards: SavedCard[];
  token: string | null;
  cvv: string;
  onChange: (saved: { token: string | null; cvv: string }) => void;
}) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const chosen = cards.find((c) => c.token === token);
  const error = touched && chosen ? savedCvvError(cvv, chosen) : null;
  return (
    <div className="co-saved" data-testid="saved-cards">
      <fieldset className="co-saved__list">
        <legend className="visually-hidden">Choose a saved card</legend>
        {cards.map((c) => (
          <label key={c.token} className={`co-saved__card${c.token === token ? ' co-saved__card--chosen' : ''}`}>
            <input
              type="radio"
              name={`${id}-card`}
              checked={c.token === token}
              onChange={() => {
                onChange({ token: c.token, cvv: '' });
                setTouched(false);
              }}
            />
            <span className="co-saved__network">{c.network}</span> <span className="co-saved__number">•••• {c.last4}</span>{' '}
            <span className="co-saved__expiry">
              Expires {c.expiry_month}/{c.expiry_year.slice(-2)}
            </span>
          </label>
        ))}
      </fieldset>
      {chosen ? (
        <Field
          label={`CVV of the card ending ${chosen.last4}`}
          id={`${id}-cvv`}
          className="co-saved__cvv"
          value={cvv}
          onChange={(raw) => onChange({ token, cvv: digitsOf(raw).slice(0, 4) })}
          onBlur={() => setTouched(true)}
          error={error}
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          hint={isAmexNetwork(chosen.network) ? '4 digits on the front' : '3 digits on the back'}
        />
      ) : null}
    </div>
  );
}

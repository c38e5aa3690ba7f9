import { useId } from 'react';
import { BANKS } from '../payment';

/** Netbanking: the six banks as a grid of radios; the bank's own page opens when paying. */
export function Netbanking({ bank, onChange }: { bank: string | null; onChange: (code: string) => void }) {
  const id = useId();
  return (
    <fieldset className="co-banks" data-testid="netbanking">
      <legend className="field-label">Choose your bank</legend>
      <div className="co-banks__grid">
        {BANKS.map((b) => (
          <label key={b.code} className={`co-bank${bank === b.code ? ' co-bank--chosen' : ''}`}>
            <input type="radio" name={`${id}-bank`} value={b.code} checked={bank === b.code} onChange={() => onChange(b.code)} />
            <span>{b.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Modal } from '@/shared/components/ui/Modal';
import { braSize, type BraSizeResult, type MeasureUnit } from '../bra-size';

export const BRA_CALC_TITLE = 'Bra Size Calculator';

/**
 * 'Bra Size Calculator' (spec 001 §2, bra SKUs only): under-bust and bust, in inches or cm →
 * band and cup. When the result is one of this product's sizes in stock it can be chosen at once.
 */
export default function BraSizeCalculator({
  available,
  onChoose,
  onClose,
}: {
  /** this product's size values that can be bought now */
  available: string[];
  onChoose: (size: string) => void;
  onClose: () => void;
}) {
  const ids = useId();
  const [unit, setUnit] = useState<MeasureUnit>('in');
  const [under, setUnder] = useState('');
  const [bust, setBust] = useState('');
  const [result, setResult] = useState<BraSizeResult | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(braSize(Number.parseFloat(under), Number.parseFloat(bust), unit));
  };
  const match = result?.ok ? result.candidates.find((c) => available.some((a) => a.toUpperCase() === c.toUpperCase())) : undefined;
  const unitName = unit === 'in' ? 'inches' : 'cm';

  return (
    <Modal open title={BRA_CALC_TITLE} onClose={onClose} variant="sheet" id="bra-calculator">
      <form className="calc" onSubmit={submit} noValidate>
        <div className="segmented" role="group" aria-label="Units">
          <button type="button" aria-pressed={unit === 'in'} onClick={() => setUnit('in')}>
            Inches
          </button>
          <button type="button" aria-pressed={unit === 'cm'} onClick={() => setUnit('cm')}>
            Cm
          </button>
        </div>
        <div className="calc__fields">
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-under`}>
              Under-bust ({unitName})
            </label>
            <input
              id={`${ids}-under`}
              className="input"
              inputMode="decimal"
              value={under}
              onChange={(e) => setUnder(e.target.value.replace(/[^\d.]/g, ''))}
            />
            <p className="field-hint">Snug, right under your bust</p>
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-bust`}>
              Bust ({unitName})
            </label>
            <input
              id={`${ids}-bust`}
              className="input"
              inputMode="decimal"
              value={bust}
              onChange={(e) => setBust(e.target.value.replace(/[^\d.]/g, ''))}
            />
            <p className="field-hint">Loosely, around the fullest part</p>
          </div>
        </div>
        <button type="submit" className="button button--primary button--wide">
          Calculate my size
        </button>
        <div aria-live="polite">
          {result && !result.ok ? <p className="form-error">{result.error}</p> : null}
          {result?.ok ? (
            <div className="calc__result" data-testid="bra-size-result">
              <p>
                Your size <strong className="calc__size">{result.size}</strong>
              </p>
              <p className="muted">
                Band {result.band}, cup {result.cup}
              </p>
              {match ? (
                <button type="button" className="button button--secondary button--wide" onClick={() => onChoose(match)}>
                  Select {match}
                </button>
              ) : (
                <p className="muted">This style is not available in {result.size} right now.</p>
              )}
            </div>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}

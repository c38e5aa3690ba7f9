import { useState, type FormEvent } from 'react';
import type { FacetValue, ListingFacets } from '@/shared/api/types';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { priceEnds, priceRange, toggled, withChange, type ListFilter, type ListingState } from '../listing-params';

/**
 * The filters of a listing in a bottom sheet. Each choice applies at once, so the counts beside the
 * other values are the server's for what is chosen now (spec 000 §9); the footer says how many
 * products that leaves and closes the sheet.
 */
export function FilterSheet({
  open,
  onClose,
  state,
  facets,
  total,
  busy,
  onChange,
}: {
  open: boolean;
  onClose: () => void;
  state: ListingState;
  facets: ListingFacets;
  total: number;
  busy: boolean;
  onChange: (next: ListingState) => void;
}) {
  const toggle = (name: ListFilter, value: string) => onChange(withChange(state, { [name]: toggled(state[name], value) }));
  return (
    <Modal open={open} title="Filter" onClose={onClose} variant="sheet" className="filters">
      <div className="filters__body" data-testid="filter-sheet">
        <ValueGroup title="Size" name="size" values={facets.size} onToggle={toggle} />
        <ValueGroup title="Colour" name="color" values={facets.color} onToggle={toggle} swatches />
        <ValueGroup title="Style" name="style" values={facets.style} onToggle={toggle} />
        <PriceGroup key={state.price} state={state} facets={facets} onChange={onChange} />
        {facets.discount.length > 0 ? (
          <fieldset className="filters__group">
            <legend className="filters__title">Discount</legend>
            <div className="filters__values">
              {facets.discount.map((d) => (
                <button
                  key={d.value}
                  type="button"
                  className="filter-chip"
                  aria-pressed={d.selected}
                  disabled={d.count === 0 && !d.selected}
                  onClick={() => onChange(withChange(state, { discount: d.selected ? '' : d.value }))}
                >
                  {d.label} <span className="filter-chip__count">({d.count})</span>
                </button>
              ))}
            </div>
          </fieldset>
        ) : null}
        <label className="filters__switch">
          <input type="checkbox" checked={state.inStock} onChange={(e) => onChange(withChange(state, { inStock: e.target.checked }))} />
          <span>
            In stock only <span className="filter-chip__count">({facets.in_stock.count})</span>
          </span>
        </label>
      </div>
      <div className="filters__foot">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange({ ...state, size: [], color: [], style: [], price: '', discount: '', inStock: false, page: 1 })}
        >
          Clear all
        </button>
        <button type="button" className="button button--primary" onClick={onClose} data-testid="filter-apply">
          {busy ? <Spinner size={18} label="Counting" /> : `Show ${total} ${total === 1 ? 'product' : 'products'}`}
        </button>
      </div>
    </Modal>
  );
}

function ValueGroup({
  title,
  name,
  values,
  onToggle,
  swatches = false,
}: {
  title: string;
  name: ListFilter;
  values: FacetValue[];
  onToggle: (name: ListFilter, value: string) => void;
  swatches?: boolean;
}) {
  if (values.length === 0) return null;
  return (
    <fieldset className="filters__group">
      <legend className="filters__title">{title}</legend>
      <div className="filters__values">
        {values.map((v) => (
          <button
            key={v.value}
            type="button"
            className="filter-chip"
            aria-pressed={v.selected}
            // a value nothing else chosen leaves products for cannot be picked, but can be let go
            disabled={v.count === 0 && !v.selected}
            onClick={() => onToggle(name, v.value)}
            data-testid={`filter-${name}`}
          >
            {swatches && v.rgb ? <span className="filter-chip__swatch" style={{ background: v.rgb }} aria-hidden="true" /> : null}
            {v.label} <span className="filter-chip__count">({v.count})</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function PriceGroup({ state, facets, onChange }: { state: ListingState; facets: ListingFacets; onChange: (next: ListingState) => void }) {
  const [lo, hi] = priceEnds(state.price);
  const [min, setMin] = useState(lo);
  const [max, setMax] = useState(hi);
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const range = priceRange(min, max);
    if (range === null) {
      setError('Please enter whole rupees, the lowest price first.');
      return;
    }
    setError('');
    onChange(withChange(state, { price: range }));
  };
  return (
    <form className="filters__group" onSubmit={submit} noValidate>
      <fieldset>
        <legend className="filters__title">Price</legend>
        <div className="filters__price">
          <label>
            <span className="visually-hidden">Lowest price in rupees</span>
            <input
              inputMode="numeric"
              placeholder={`₹${facets.price.min_rupees}`}
              value={min}
              onChange={(e) => setMin(e.target.value)}
              aria-invalid={Boolean(error)}
              name="price-min"
            />
          </label>
          <span aria-hidden="true">to</span>
          <label>
            <span className="visually-hidden">Highest price in rupees</span>
            <input
              inputMode="numeric"
              placeholder={`₹${facets.price.max_rupees}`}
              value={max}
              onChange={(e) => setMax(e.target.value)}
              aria-invalid={Boolean(error)}
              name="price-max"
            />
          </label>
          <button type="submit" className="button button--secondary">
            Apply
          </button>
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}

import type { SizeItem } from '@/shared/api/types';
import type { ProductSizes } from '../api/get-sizes';
import { slotOfGroup, type Selection, type SizeSlot } from '../purchase';

function SizeGroup({
  label,
  sizes,
  selected,
  suggested,
  onSelect,
  showLabel = true,
  idPrefix,
}: {
  label: string;
  sizes: SizeItem[];
  selected: string | undefined;
  suggested: string | null;
  onSelect: (value: string) => void;
  showLabel?: boolean;
  idPrefix: string;
}) {
  const chosen = sizes.find((s) => s.value === selected);
  return (
    <div className="size-group">
      {showLabel ? (
        <h3 className="pdp-label" id={`${idPrefix}-label`}>
          {label}
          {chosen ? <span className="pdp-label__value">: {chosen.label}</span> : null}
        </h3>
      ) : null}
      <div className="sizes" role="radiogroup" aria-label={label}>
        {sizes.map((s) => {
          const soldOut = s.quantity <= 0;
          const isSuggested = suggested === s.value && !soldOut;
          const notes = [soldOut ? 'sold out' : '', isSuggested ? 'suggested' : '', !soldOut ? s.urgency_message : '']
            .filter(Boolean)
            .join(', ');
          return (
            <div key={s.value} className="sizes__cell">
              <button
                type="button"
                role="radio"
                aria-checked={s.value === selected}
                className={`size${soldOut ? ' size--soldout' : ''}${isSuggested ? ' size--suggested' : ''}`}
                disabled={soldOut}
                onClick={() => onSelect(s.value)}
                aria-label={notes ? `${s.label}, ${notes}` : s.label}
                data-size={s.value}
              >
                {s.label}
              </button>
              {isSuggested ? (
                <span className="size__suggested" aria-hidden="true">
                  Suggested
                </span>
              ) : null}
              {!soldOut && s.urgency_message ? (
                <span className="size__urgency" aria-hidden="true">
                  {s.urgency_message}
                </span>
              ) : null}
              {s.ws_stock ? <span className="size__ws">{s.ws_stock}</span> : null}
            </div>
          );
        })}
      </div>
      {chosen?.fit_size_msg ? <p className="size__fit">{chosen.fit_size_msg}</p> : null}
    </div>
  );
}

/**
 * Sizes of an ordinary product, or the two parts of a combo under their type labels ('Bra size',
 * 'Panty size'). Sizes with nothing to buy are disabled; urgency labels and, for privileged users,
 * the raw stock ('23 WS') come from the server.
 */
export function SizePicker({
  sizes,
  selection,
  suggested,
  onPick,
  idPrefix = 'sizes',
}: {
  sizes: ProductSizes;
  selection: Selection;
  suggested: string | null;
  onPick: (slot: SizeSlot, value: string) => void;
  idPrefix?: string;
}) {
  if (!sizes.ok) return null;
  if (sizes.comboGroups.length > 0) {
    return (
      <>
        {sizes.comboGroups.slice(0, 2).map((g, i) => {
          const slot = slotOfGroup(i);
          return (
            <SizeGroup
              key={g.type + i}
              idPrefix={`${idPrefix}-${i}`}
              label={`${g.type} size`}
              sizes={g.sizes}
              selected={selection[slot]}
              suggested={null}
              onSelect={(v) => onPick(slot, v)}
            />
          );
        })}
      </>
    );
  }
  if (sizes.sizes.length === 0) return null;
  return (
    <SizeGroup
      idPrefix={idPrefix}
      label="Size"
      showLabel={false}
      sizes={sizes.sizes}
      selected={selection.size}
      suggested={suggested}
      onSelect={(v) => onPick('size', v)}
    />
  );
}

export function SizePickerSkeleton() {
  return (
    <div className="pdp-section" aria-hidden="true">
      <div className="skeleton skeleton--line skeleton--short" />
      <div className="sizes">
        {Array.from({ length: 5 }, (_, i) => (
          <span key={i} className="size skeleton" />
        ))}
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { SizeItem } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import type { ProductSizes } from '../api/get-sizes';

/** Spec 001 §9: a single FREE-SIZE option with stock is chosen after 500 ms. */
export const FREE_SIZE_AUTO_SELECT_MS = 500;

export type SizeSelection = Record<string, string | undefined>;

function autoChoice(sizes: SizeItem[]): string | undefined {
  return sizes.find((s) => s.is_auto_select_size && s.quantity > 0)?.value;
}

function SizeGroup({
  label,
  sizes,
  selected,
  onSelect,
  showLabel = true,
}: {
  label: string;
  sizes: SizeItem[];
  selected: string | undefined;
  onSelect: (value: string) => void;
  showLabel?: boolean;
}) {
  const chosen = sizes.find((s) => s.value === selected);
  return (
    <div className="size-group">
      {showLabel ? (
        <h3 className="pdp-label">
          {label}
          {chosen ? <span className="pdp-label__value">: {chosen.label}</span> : null}
        </h3>
      ) : null}
      <div className="sizes" role="radiogroup" aria-label={label}>
        {sizes.map((s) => {
          const soldOut = s.quantity <= 0;
          return (
            <div key={s.value} className="sizes__cell">
              <button
                type="button"
                role="radio"
                aria-checked={s.value === selected}
                className={`size${soldOut ? ' size--soldout' : ''}`}
                disabled={soldOut}
                onClick={() => onSelect(s.value)}
                aria-label={soldOut ? `${s.label}, sold out` : s.label}
              >
                {s.label}
              </button>
              {!soldOut && s.urgency_message ? (
                <span className="size__urgency">{s.urgency_message}</span>
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
 * Sizes of an ordinary product, or the two parts of a combo with their type labels.
 * Sizes with nothing to buy (quantity 0) are disabled.
 */
export function SizePicker({
  sizes,
  onSizeChart,
}: {
  sizes: ProductSizes;
  onSizeChart?: () => void;
}) {
  const isCombo = sizes.comboGroups.length > 0;
  const [selection, setSelection] = useState<SizeSelection>(() => {
    if (isCombo) {
      return Object.fromEntries(sizes.comboGroups.map((g) => [g.type, autoChoice(g.sizes)]));
    }
    return { size: autoChoice(sizes.sizes) };
  });

  // A lone FREE-SIZE in stock needs no choosing.
  useEffect(() => {
    if (isCombo || sizes.sizes.length !== 1) return;
    const only = sizes.sizes[0]!;
    if (only.quantity <= 0 || !/^free[\s-]?size$/i.test(only.value)) return;
    const id = window.setTimeout(
      () => setSelection((s) => (s.size ? s : { size: only.value })),
      FREE_SIZE_AUTO_SELECT_MS,
    );
    return () => window.clearTimeout(id);
  }, [isCombo, sizes.sizes]);

  if (!sizes.ok || (!isCombo && sizes.sizes.length === 0)) return null;
  const chosenLabel = sizes.sizes.find((s) => s.value === selection.size)?.label;

  return (
    <section className="pdp-section pdp-sizes" aria-labelledby="pdp-sizes-title" data-testid="sizes">
      <div className="pdp-sizes__head">
        <h2 id="pdp-sizes-title" className="pdp-heading">
          {!isCombo && chosenLabel ? (
            <>
              Size<span className="pdp-label__value">: {chosenLabel}</span>
            </>
          ) : (
            'Select size'
          )}
        </h2>
        {onSizeChart ? (
          <button type="button" className="link-button" onClick={onSizeChart}>
            <Icon name="ruler" size={18} /> Size chart
          </button>
        ) : null}
      </div>
      {isCombo ? (
        sizes.comboGroups.map((g) => (
          <SizeGroup
            key={g.type}
            label={`${g.type} size`}
            sizes={g.sizes}
            selected={selection[g.type]}
            onSelect={(v) => setSelection((s) => ({ ...s, [g.type]: v }))}
          />
        ))
      ) : (
        <SizeGroup
          label="Size"
          showLabel={false}
          sizes={sizes.sizes}
          selected={selection.size}
          onSelect={(v) => setSelection({ size: v })}
        />
      )}
    </section>
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

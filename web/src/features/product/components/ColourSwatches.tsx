import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ColourVariant } from '@/shared/api/types';
import { productQueryOptions } from '../api/get-product';

/** Router state of a colour swap: the product changes in place (no scroll jump, the old one stays until the new one is here). */
export interface ColourSwapState {
  colourSwap: true;
}

export function isColourSwap(state: unknown): state is ColourSwapState {
  return typeof state === 'object' && state !== null && (state as ColourSwapState).colourSwap === true;
}

/**
 * Colour variants (spec 001 §2): choosing one swaps the product in place through a history push
 * (no reload), so Back returns to the previous colour. Sold-out colours keep their name and say 'currently unavailable' under it.
 */
export function ColourSwatches({ colours, currentSlug }: { colours: ColourVariant[]; currentSlug: string }) {
  const queryClient = useQueryClient();
  if (colours.length === 0) return null;
  const current = colours.find((c) => c.slug === currentSlug);
  const prefetch = (slug: string) => void queryClient.prefetchQuery(productQueryOptions(slug));
  const state: ColourSwapState = { colourSwap: true };

  return (
    <section className="pdp-section pdp-colours" aria-labelledby="pdp-colours-title" data-testid="colours">
      <h2 id="pdp-colours-title" className="pdp-label">
        Colour{current ? <span className="pdp-label__value">: {current.color_name}</span> : null}
      </h2>
      <ul className="swatches">
        {colours.map((c) => {
          const isCurrent = c.slug === currentSlug;
          return (
            <li key={c.slug} className="swatches__item">
              <Link
                to={`/product/${c.slug}`}
                state={state}
                className={`swatch${c.is_soldout ? ' swatch--soldout' : ''}`}
                aria-current={isCurrent ? 'true' : undefined}
                aria-label={`${c.color_name}${c.is_soldout ? ', currently unavailable' : ''}`}
                title={c.color_name}
                onPointerEnter={isCurrent ? undefined : () => prefetch(c.slug)}
                onFocus={isCurrent ? undefined : () => prefetch(c.slug)}
                onClick={isCurrent ? (e) => e.preventDefault() : undefined}
              >
                <span className="swatch__dot" style={{ backgroundColor: c.rgbcode || '#ddd' }} />
              </Link>
              <span className={`swatch__name${c.is_soldout ? ' swatch__name--soldout' : ''}`} aria-hidden="true">
                {c.color_name}
                {/* the spec's label for a sold-out colour, under its name rather than instead of it */}
                {c.is_soldout ? <span className="swatch__unavailable">currently unavailable</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

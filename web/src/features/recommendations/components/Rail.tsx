import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ProductCard } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { RecCard, RecCardSkeleton } from './RecCard';

/**
 * A horizontal, swipeable row of cards (CSS scroll snap). Spec 001 §9: two cards a view from
 * 1024 px, one (and a peek of the next) below. Arrow buttons for mouse and keyboard users.
 */
export function Carousel({ products, label }: { products: ProductCard[]; label: string }) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const start = el.scrollLeft <= 2;
    const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - 2;
    setEdges((e) => (e.start === start && e.end === end ? e : { start, end }));
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, products.length]);

  function page(dir: 1 | -1) {
    const el = track.current;
    if (!el) return;
    const slide = el.querySelector<HTMLElement>('.rec-slide');
    const step = slide ? slide.offsetWidth + 12 : el.clientWidth;
    const perView = Math.max(1, Math.floor(el.clientWidth / step));
    el.scrollBy({ left: dir * step * perView, behavior: 'smooth' });
  }

  return (
    <div className="rec-carousel">
      <ul ref={track} className="rec-track" aria-label={label} onScroll={measure}>
        {products.map((p) => (
          <li key={p.id} className="rec-slide">
            <RecCard product={p} />
          </li>
        ))}
      </ul>
      {edges.start && edges.end ? null : (
        <>
          <button
            type="button"
            className="rec-arrow rec-arrow--prev"
            aria-label={`Previous: ${label}`}
            disabled={edges.start}
            onClick={() => page(-1)}
          >
            <Icon name="chevronLeft" size={20} />
          </button>
          <button
            type="button"
            className="rec-arrow rec-arrow--next"
            aria-label={`More: ${label}`}
            disabled={edges.end}
            onClick={() => page(1)}
          >
            <Icon name="chevronRight" size={20} />
          </button>
        </>
      )}
    </div>
  );
}

export function CarouselSkeleton() {
  return (
    <div className="rec-carousel" aria-busy="true">
      <ul className="rec-track">
        {[0, 1, 2].map((i) => (
          <li key={i} className="rec-slide">
            <RecCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One below-the-fold section; it renders nothing when it has nothing to show. */
export function Rail({
  id,
  title,
  subtitle,
  products,
  loading = false,
  action,
}: {
  id: string;
  title: string;
  subtitle?: string;
  products: ProductCard[] | undefined;
  loading?: boolean;
  action?: ReactNode;
}) {
  if (!loading && (!products || products.length === 0)) return null;
  const headingId = `rec-${id}-title`;
  return (
    <section className="rec-section" aria-labelledby={headingId} data-testid={`rec-${id}`}>
      <div className="rec-section__head">
        <div>
          <h2 id={headingId} className="rec-section__title">
            {title}
          </h2>
          {subtitle ? <p className="rec-section__sub">{subtitle}</p> : null}
        </div>
        {action}
      </div>
      {loading || !products ? <CarouselSkeleton /> : <Carousel products={products} label={title} />}
    </section>
  );
}

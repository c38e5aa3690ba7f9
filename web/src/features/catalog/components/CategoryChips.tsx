import { Link } from 'react-router';
import type { Category } from '@/shared/api/types';

/** Top-level categories as a swipeable row of chips; the chosen one lives in the URL. */
export function CategoryChips({
  categories,
  selected,
  hrefFor,
}: {
  categories: Category[];
  selected: number | undefined;
  hrefFor: (c: Category | null) => string;
}) {
  return (
    <nav className="chips" aria-label="Categories" data-testid="categories">
      <ul className="chips__list">
        <li>
          <Link to={hrefFor(null)} className="chip" aria-current={selected === undefined ? 'page' : undefined}>
            All
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.id}>
            <Link to={hrefFor(c)} className="chip" aria-current={selected === c.id ? 'page' : undefined}>
              {c.image ? <img src={c.image} alt="" width={28} height={28} className="chip__img" /> : null}
              <span>{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function CategoryChipsSkeleton() {
  return (
    <div className="chips" aria-hidden="true">
      <ul className="chips__list">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i}>
            <span className="chip chip--skeleton skeleton" />
          </li>
        ))}
      </ul>
    </div>
  );
}

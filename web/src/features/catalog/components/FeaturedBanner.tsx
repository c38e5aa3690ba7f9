import { Link } from 'react-router';
import type { FeaturedDesign } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { imageSrcSet, PROMO_SIZES, PROMO_WIDTHS, sizedImage, useImageQuality } from '@/shared/lib/images';
import { useFeatured } from '../api/get-featured';
import { currentFeatured, FEATURED_BLURB, featuredPath } from '../featured';
import './featured.css';

/** The extra header strip of featured-of-the-month pages (spec 001 §2). */
export function FeaturedStrip({ category }: { category: string }) {
  return (
    <div className="featured-strip" data-testid="featured-strip">
      <Icon name="star" size={14} />
      <span>
        Design of the Month <span aria-hidden="true">·</span> {category.replace(/-/g, ' ')}
      </span>
    </div>
  );
}

/** Title, blurb and the previous / next month links. */
export function FeaturedBanner({ design }: { design: FeaturedDesign }) {
  return (
    <section className="featured" aria-labelledby="featured-title" data-testid="featured">
      <h1 id="featured-title" className="featured__title">
        {design.title}
      </h1>
      <p className="featured__blurb">{design.blurb || FEATURED_BLURB}</p>
      <MonthNav previous={design.previous} next={design.next} />
    </section>
  );
}

export function MonthNav({ previous, next }: { previous: string | null; next: string | null }) {
  if (!previous && !next) return null;
  return (
    <nav className="featured__nav" aria-label="Other months">
      {previous ? (
        <Link to={previous} className="featured__link" rel="prev">
          <Icon name="chevronLeft" size={16} /> Previous month
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={next} className="featured__link" rel="next">
          Next month <Icon name="chevronRight" size={16} />
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * The way to this month's design of a category (home): its product under 'Design of the Month',
 * linking to /best-{category}-design-of-{month}-{year}/. Shown only once the month's answer says
 * there is a design (a 404 shows nothing); the featured page then opens from the same cached answer.
 * Until the answer, a placeholder of its size holds its place, so the chips and the grid below do not
 * move when it arrives (issue 14).
 */
export function FeaturedPromo({ category, now }: { category: string; now?: Date }) {
  const month = currentFeatured(category, now);
  const design = useFeatured(month);
  const quality = useImageQuality();
  if (design.isPending) {
    return (
      <div className="featured-promo featured-promo--loading" aria-hidden="true">
        <span className="skeleton featured-promo__thumb" />
        <span className="featured-promo__text">
          <span className="skeleton featured-promo__line featured-promo__line--short" />
          <span className="skeleton featured-promo__line" />
        </span>
      </div>
    );
  }
  if (!design.data) return null;
  const { title, product } = design.data;
  return (
    <Link to={featuredPath(month)} className="featured-promo" data-testid="featured-promo">
      <img
        className="featured-promo__img"
        src={sizedImage(product.img, 56, quality, 1)}
        srcSet={imageSrcSet(product.img, quality, PROMO_WIDTHS)}
        sizes={PROMO_SIZES}
        alt=""
        width={56}
        height={72}
      />
      <span className="featured-promo__text">
        <span className="featured-promo__label">
          <Icon name="star" size={12} /> Design of the Month
        </span>
        <span className="featured-promo__title">{title}</span>
        <span className="featured-promo__product">
          {product.name} · {product.rounded_up_unit_price_ui}
        </span>
      </span>
      <Icon name="chevronRight" size={18} />
    </Link>
  );
}

import { Link } from 'react-router';
import type { ProductCard } from '@/shared/api/types';
import { AddToBagButton } from '@/shared/components/AddToBag';
import { OldPrice } from '@/shared/components/Price';
import { Icon } from '@/shared/components/ui/Icon';
import { sizedImage, useImageQuality, useShownWidth } from '@/shared/lib/images';
import { productPath } from '@/shared/lib/product-path';

/**
 * A compact product card for the recommendation rails. (The catalog's card lives in
 * features/catalog, which a feature may not import.) Images load lazily, as they come into view.
 */
export function RecCard({ product }: { product: ProductCard }) {
  const hasOld = product.old_price > product.rounded_up_unit_price && Boolean(product.old_price_ui);
  const quality = useImageQuality();
  // a slide of the rail: at most 240 px on a phone, a 150 px column on a wide screen
  const [imgRef, shown] = useShownWidth<HTMLImageElement>(240);
  return (
    <article className="rec-card" data-testid="rec-card">
      <Link to={productPath(product)} className="rec-card__link">
        <div className="rec-card__media">
          <img
            ref={imgRef}
            src={shown ? sizedImage(product.img, shown, quality) : undefined}
            alt=""
            width={300}
            height={400}
            loading="lazy"
            decoding="async"
          />
          {product.is_soldout ? <span className="rec-card__badge">Sold out</span> : null}
        </div>
        <div className="rec-card__body">
          <h3 className="rec-card__name">{product.name}</h3>
          {product.color_name ? <p className="rec-card__colour">{product.color_name}</p> : null}
          <p className="rec-card__price">
            <span className="price">{product.rounded_up_unit_price_ui}</span>
            {hasOld ? <OldPrice>{product.old_price_ui}</OldPrice> : null}
            {product.offer_tag && !product.is_soldout ? <span className="price-off">{product.offer_tag}</span> : null}
          </p>
          {product.total_ratings_count > 0 ? (
            <p className="rec-card__rating">
              <span className="rating-pill">
                {product.rating.toFixed(1)} <Icon name="star" size={10} />
                <span className="visually-hidden"> out of 5</span>
              </span>
              <span className="rec-card__count">
                ({product.total_ratings_count}
                <span className="visually-hidden"> ratings</span>)
              </span>
            </p>
          ) : null}
        </div>
      </Link>
      <AddToBagButton product={product} className="rec-card__bag" />
    </article>
  );
}

export function RecCardSkeleton() {
  return (
    <div className="rec-card" aria-hidden="true">
      <div className="rec-card__media skeleton" />
      <div className="rec-card__body">
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}

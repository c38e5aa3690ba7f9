import { Link } from 'react-router';
import type { ProductCard as Card } from '@/shared/api/types';
import { AddToBagButton } from '@/shared/components/AddToBag';
import { OldPrice } from '@/shared/components/Price';
import { Icon } from '@/shared/components/ui/Icon';
import { CARD_SIZES, CARD_WIDTHS, imageSrcSet, sizedImage, useImageQuality } from '@/shared/lib/images';
import { productPath } from '@/shared/lib/product-path';
import { WishlistHeart } from './WishlistHeart';

/** `wishlisted`: whether the shopper keeps it (the listing says); without it the card has no heart. */
export function ProductCard({ product, eager = false, wishlisted }: { product: Card; eager?: boolean; wishlisted?: boolean }) {
  const hasOld = product.old_price > product.rounded_up_unit_price && Boolean(product.old_price_ui);
  const quality = useImageQuality();
  return (
    <article className="card" data-testid="product-card">
      <Link to={productPath(product)} className="card__link">
        <div className="card__media">
          <img
            src={sizedImage(product.img, 360, quality, 1)}
            srcSet={imageSrcSet(product.img, quality, CARD_WIDTHS)}
            sizes={CARD_SIZES}
            alt={product.name}
            width={300}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
          {product.is_soldout ? <span className="badge badge--soldout">Sold out</span> : null}
        </div>
        <div className="card__body">
          <h3 className="card__name">{product.name}</h3>
          {product.color_name ? <p className="card__colour">{product.color_name}</p> : null}
          <p className="card__price">
            <span className="price">{product.rounded_up_unit_price_ui}</span>
            {hasOld ? <OldPrice>{product.old_price_ui}</OldPrice> : null}
            {product.offer_tag && !product.is_soldout ? <span className="price-off">{product.offer_tag}</span> : null}
          </p>
          {product.total_ratings_count > 0 ? (
            <p
              className="card__rating"
              aria-label={`Rated ${product.rating.toFixed(1)} out of 5 by ${product.total_ratings_count} shoppers`}
            >
              <span className="rating-pill">
                {product.rating.toFixed(1)} <Icon name="star" size={11} />
              </span>
              <span className="card__rating-count">({product.total_ratings_count})</span>
            </p>
          ) : null}
        </div>
      </Link>
      {wishlisted !== undefined ? <WishlistHeart product={product} saved={wishlisted} /> : null}
      <AddToBagButton product={product} className="card__bag" />
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="card card--skeleton" aria-hidden="true">
      <div className="card__media skeleton" />
      <div className="card__body">
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}

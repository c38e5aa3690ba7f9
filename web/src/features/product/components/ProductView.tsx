import { useState } from 'react';
import { Link } from 'react-router';
import type { GalleryItem, Product } from '@/shared/api/types';
import { allSoldOut, type ProductSizes } from '../api/get-sizes';
import { productTag } from '../product-tag';
import { ColourSwatches } from './ColourSwatches';
import { Gallery } from './Gallery';
import { PolicyStrip } from './PolicyStrip';
import { ProductInfo } from './ProductInfo';
import { RatingPill, RatingSummary, ratingView } from './Rating';
import { SizeChartModal } from './SizeChartModal';
import { SizePicker, SizePickerSkeleton } from './SizePicker';
import './product.css';

function galleryOf(p: Product): GalleryItem[] {
  if (p.gallery?.length) return p.gallery;
  return [{ type: 'image', img_m: p.img, img_l: p.img, thumbnail_url: p.img, embed: '' }];
}

export function ProductView({
  product,
  sizes,
  privileged,
}: {
  product: Product;
  /** undefined while the sizes call is in flight */
  sizes: ProductSizes | undefined;
  privileged: boolean;
}) {
  const [chartOpen, setChartOpen] = useState(false);
  const soldOut = !product.active || product.is_soldout || (sizes !== undefined && allSoldOut(sizes));
  const rating = ratingView(product, privileged);
  const category = product.categories?.[0];
  const hasOld = product.old_price > product.rounded_up_unit_price && Boolean(product.old_price_ui);
  const hasChart = (product.size_chart_image?.length ?? 0) > 0;

  return (
    <article className="pdp" data-testid="product">
      <title>{product.get_meta_title || `${product.name} · Drape`}</title>
      <div className="pdp__media">
        <Gallery items={galleryOf(product)} name={product.name} tag={productTag(product, soldOut)} />
      </div>
      <div className="pdp__main">
        {category ? (
          <nav className="breadcrumb" aria-label="Breadcrumb">
            <Link to="/">Home</Link>
            <span aria-hidden="true">/</span>
            <Link to={`/category/${category.slug}`}>{category.name}</Link>
          </nav>
        ) : null}
        <h1 className="pdp__name">{product.name}</h1>
        {product.channel_type === 2 ? <p className="pdp__exclusive">Exclusive</p> : null}

        <div className="pdp-price" data-testid="price">
          <span className="price price--lg">{product.rounded_up_unit_price_ui}</span>
          {hasOld ? (
            <s className="price-old">
              <span className="visually-hidden">MRP </span>
              {product.old_price_ui}
            </s>
          ) : null}
          {product.offer_tag ? <span className="price-off">{product.offer_tag}</span> : null}
        </div>
        <RatingPill view={rating} />
        {product.offer_text ? (
          <p className="offer-text">
            <span className="offer-text__label">Offer</span> {product.offer_text}
          </p>
        ) : null}

        <ColourSwatches colours={product.more_colors ?? []} currentSlug={product.slug} />

        {sizes === undefined ? (
          <SizePickerSkeleton />
        ) : (
          <SizePicker sizes={sizes} onSizeChart={hasChart ? () => setChartOpen(true) : undefined} />
        )}

        {soldOut ? (
          <p className="stock-out" role="status" data-testid="out-of-stock">
            Product Out of stock
          </p>
        ) : null}

        <PolicyStrip nonreturnable={product.nonreturnable} />
        <ProductInfo product={product} />
        <RatingSummary view={rating} />
      </div>
      {hasChart ? (
        <SizeChartModal open={chartOpen} onClose={() => setChartOpen(false)} images={product.size_chart_image} />
      ) : null}
    </article>
  );
}

export function ProductSkeleton() {
  return (
    <div className="pdp" aria-busy="true" aria-label="Loading product">
      <div className="pdp__media">
        <div className="gallery">
          <div className="gallery__viewport skeleton" />
        </div>
      </div>
      <div className="pdp__main">
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line skeleton--short" />
        <SizePickerSkeleton />
      </div>
    </div>
  );
}

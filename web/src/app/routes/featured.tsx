import { useFeatured } from '@/features/catalog/api/get-featured';
import { FeaturedBanner, FeaturedStrip } from '@/features/catalog/components/FeaturedBanner';
import { featuredTitle, type FeaturedPath } from '@/features/catalog/featured';
import { ProductSkeleton } from '@/features/product/components/ProductView';
import { isApiError } from '@/shared/api/client';
import { NotFound } from '@/shared/components/NotFound';
import { ProductPageContent } from './product-page';

/**
 * /best-{category}-design-of-{month-year}/ (spec 001 §2): the month's title and blurb, the product
 * page for its design, and links to the previous and next months.
 */
export function FeaturedRoute({ featured }: { featured: FeaturedPath }) {
  const design = useFeatured(featured);

  if (design.isError) {
    const missing = isApiError(design.error) && design.error.isNotFound;
    return (
      <>
        <FeaturedStrip category={featured.category} />
        <NotFound
          title={missing ? 'No design of the month here' : 'This page did not load'}
          text={
            missing
              ? `We have not picked a ${featuredTitle(featured)
                  .replace(/^Best /, '')
                  .replace(/ design of /, ' design for ')} yet. Have a look at what is in the shop today.`
              : 'Please check your connection and try again in a moment.'
          }
        />
      </>
    );
  }

  return (
    <>
      <FeaturedStrip category={featured.category} />
      {design.data ? (
        <>
          <title>{`${design.data.title} · Drape`}</title>
          <FeaturedBanner design={design.data} />
          <ProductPageContent key={design.data.product.slug} slug={design.data.product.slug} nameLevel={2} />
        </>
      ) : (
        <>
          <div className="featured" aria-hidden="true">
            <div className="skeleton skeleton--title" style={{ margin: '0 auto' }} />
          </div>
          <ProductSkeleton />
        </>
      )}
    </>
  );
}

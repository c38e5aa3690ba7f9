import { useParams } from 'react-router';
import { isPrivileged, useMe } from '@/features/auth/api/get-me';
import { useProduct } from '@/features/product/api/get-product';
import { useSizes } from '@/features/product/api/get-sizes';
import { ProductSkeleton, ProductView } from '@/features/product/components/ProductView';
import { errorMessage, isApiError } from '@/shared/api/client';
import { NotFound } from '@/shared/components/NotFound';

export function ProductRoute() {
  const { slug = '' } = useParams();
  const product = useProduct(slug);
  const sizes = useSizes(slug);
  const me = useMe();

  if (product.isPending) return <ProductSkeleton />;

  if (product.isError) {
    if (isApiError(product.error) && product.error.isNotFound) {
      return (
        <NotFound
          title="We couldn’t find that product"
          text="It may have been removed, or the link may be mistyped. Have a look at what is in the shop today."
        />
      );
    }
    return (
      <section className="state-panel" role="alert">
        <p>{errorMessage(product.error)}</p>
        <button type="button" className="button button--secondary" onClick={() => product.refetch()}>
          Try again
        </button>
      </section>
    );
  }

  return (
    <ProductView
      key={product.data.slug}
      product={product.data}
      sizes={sizes.data}
      privileged={isPrivileged(me.data)}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { productQueryOptions } from '@/features/product/api/get-product';
import { useProductsByIds } from '@/features/recommendations/api/get-products-by-ids';
import { RateProduct } from '@/features/reviews';
import { isLoggedIn, useSession } from '@/shared/api/session';
import { NotFound } from '@/shared/components/NotFound';
import { Spinner } from '@/shared/components/ui/Spinner';
import './product-nps.css';

/** `?id=` as a product id: a positive whole number, else nothing. */
export function productIdOf(raw: string | null): number | null {
  const id = raw?.trim() ?? '';
  return /^\d{1,12}$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

/**
 * /product-nps/?id={product id} (spec 000 §2, product rating): the page My orders links delivered
 * items to. It shows the product and the same 'Rate This Product' block as the product page, so a
 * rating saved here is the one the product page shows (only a shopper who received it can rate).
 */
export function ProductNpsRoute() {
  const [params] = useSearchParams();
  const id = productIdOf(params.get('id'));
  const cards = useProductsByIds(id ? [id] : []);
  const slug = cards.data?.products?.[0]?.slug ?? '';
  // Asked only once the card has named the product's slug.
  const product = useQuery({ ...productQueryOptions(slug), enabled: slug !== '' });
  const session = useSession();
  if (!id || (cards.isSuccess && !slug)) {
    return <NotFound title="Product not found" text="We couldn't find the product to rate. It may no longer be sold." />;
  }
  if (!product.data) {
    return (
      <div className="nps">
        {product.isError || cards.isError ? (
          <p className="nps__error">We couldn't load this product. Please try again.</p>
        ) : (
          <Spinner label="Loading the product" />
        )}
      </div>
    );
  }
  const p = product.data;
  return (
    <div className="nps" data-testid="product-nps">
      <title>{`Rate ${p.name} · Drape`}</title>
      <Link to="/order/history/" className="nps__back">
        ← My orders
      </Link>
      <div className="nps__product">
        <img src={p.img} alt="" width={88} height={110} className="nps__img" />
        <div>
          <h1 className="nps__title">How do you like it?</h1>
          <p className="nps__name">
            <Link to={`/product/${p.slug}/`}>{p.name}</Link>
          </p>
        </div>
      </div>
      <RateProduct product={p} session={{ pending: session.isPending, loggedIn: isLoggedIn(session.data) }} />
    </div>
  );
}

import { useLocation, useParams } from 'react-router';
import { isColourSwap } from '@/features/product/components/ColourSwatches';
import { ProductPageContent } from './product-page';

/** /product/{slug}: a colour change arrives with router state and swaps the product in place. */
export function ProductRoute() {
  const { slug = '' } = useParams();
  const location = useLocation();
  return <ProductPageContent slug={slug} swap={isColourSwap(location.state)} />;
}

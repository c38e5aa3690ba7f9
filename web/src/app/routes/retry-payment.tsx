import { RetryPage } from '@/features/checkout/components/retry-page';

/** /retrypayment/?order_id=…: a lazy chunk. */
export function RetryPaymentRoute() {
  return <RetryPage />;
}

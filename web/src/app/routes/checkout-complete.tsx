import { ThankYouPage } from '@/features/checkout/components/thank-you-page';

/** /checkout/complete/?order_id=…: the thank-you page, a lazy chunk. */
export function CheckoutCompleteRoute() {
  return <ThankYouPage />;
}

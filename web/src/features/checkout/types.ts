/*
 * The checkout API's shapes, under the names this feature uses: each is a name for a generated entry
 * (shared/api/types.ts, from the server's handlers), so a server change that breaks the page breaks the
 * typecheck.
 */
export type {
  Breakup,
  Checkout,
  CheckoutComplete,
  CheckoutCod,
  CheckoutDelivery,
  CheckoutItem,
  CheckoutQuery,
  CodCodeSent,
  CodConfirmed,
  CompleteItem,
  HostedPaymentForm,
  OrderStatus,
  PaymentCallbackBody,
  PaymentConfirmed,
  PaymentFailureBody,
  PaymentMode,
  PaymentProvider,
  PaymentSetup,
  PaymentStart,
  PlaceOrderBody,
  PlacedOrder,
  RetryWindow,
  SavedCard,
  SavedCards,
  VpaCheck,
} from '@/shared/api/types';

/*
 * The payment provider's script (Razorpay's Custom Checkout): loaded once, on the first payment, from
 * the URL the shop names. Card numbers and CVVs are handed only to its createPayment.
 */

export type ProviderSuccess = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
export type ProviderFailure = { error: { code: string; description: string } };

export interface ProviderInstance {
  on(event: 'payment.success', handler: (r: ProviderSuccess) => void): unknown;
  on(event: 'payment.error', handler: (e: ProviderFailure) => void): unknown;
  createPayment(data: Record<string, string | number>): unknown;
}

export type ProviderConstructor = new (options: { key: string }) => ProviderInstance;

declare global {
  interface Window {
    Razorpay?: ProviderConstructor;
  }
}

export const PROVIDER_UNREACHABLE = 'We couldn’t reach the payment provider. Please check your connection and try again.';

let loading: { src: string; promise: Promise<ProviderConstructor> } | null = null;

/** Resolves the provider's constructor, adding its <script> once; a failed load may be tried again. */
export function loadProviderScript(src: string): Promise<ProviderConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (loading?.src === src) return loading.promise;
  const promise = new Promise<ProviderConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.provider = 'razorpay';
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error(PROVIDER_UNREACHABLE)));
    script.onerror = () => {
      script.remove();
      reject(new Error(PROVIDER_UNREACHABLE));
    };
    document.head.appendChild(script);
  });
  loading = { src, promise };
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;
  });
  return promise;
}

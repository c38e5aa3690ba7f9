import { useCallback, useRef, useState } from 'react';
import { errorMessage, isApiError } from '@/shared/api/client';
import { confirmPayment, reportPaymentFailure, startPayment } from './api/payment';
import { submitHostedForm } from './hosted-page';
import { createPaymentData, rememberPaymentKey, type PayMethod } from './payment';
import { loadProviderScript, PROVIDER_UNREACHABLE } from './provider-script';

/**
 * 'starting': the shop and the provider's script; 'provider': the provider's own pages; 'leaving': the
 * browser is on its way to the provider's hosted page (PayU); 'confirming': the shop checks its answer.
 */
export type PayStage = 'idle' | 'starting' | 'provider' | 'leaving' | 'confirming';
/** `code`: the shop's machine code when the shop refused (email_required…), absent for the provider's refusals. */
export type PayFailure = { orderId: string; message: string; code?: string };

export const CONFIRM_FAILED = 'We couldn’t confirm your payment yet. If money left your account, it will show on the order shortly.';
/** The shop now takes payments through another provider than the tabs were shown for. */
export const PROVIDER_CHANGED = 'Payment options have changed. Please choose how to pay again.';
/** Back from the hosted page (the browser's cache) before it sent the shopper to us. */
export const HOSTED_PAGE_LEFT =
  'You came back before the payment finished. If you paid, your order will show it shortly; otherwise, try again.';

/** The full-page spinner's words while a stage keeps the shopper waiting; null when the page is theirs. */
export function payWaitLabel(stage: PayStage): string | null {
  if (stage === 'starting' || stage === 'leaving') return 'Opening the payment page';
  if (stage === 'confirming') return 'Confirming your payment';
  return null;
}

/**
 * Pays a placed order online (checkout and the retry page): POST /api/v1/orders/{id}/payment/, then
 * either PayU's hosted page (its form posted there; the page is left) or the provider's script,
 * createPayment with the method's fields — the only place a card number or CVV goes — then the shop
 * confirms the provider's success (→ `onPaid`) or records its refusal (→ `failure`). Never twice at once.
 */
export function usePay(onPaid: (orderId: string) => void) {
  const [stage, setStage] = useState<PayStage>('idle');
  const [failure, setFailure] = useState<PayFailure | null>(null);
  const busy = useRef(false);

  const fail = useCallback((orderId: string, message: string, code?: string) => {
    busy.current = false;
    setStage('idle');
    setFailure({ orderId, message, code });
  }, []);

  const pay = useCallback(
    async (orderId: string, method: PayMethod) => {
      if (busy.current) return;
      busy.current = true;
      setFailure(null);
      setStage('starting');
      try {
        const start = await startPayment(orderId);
        rememberPaymentKey(start.key);
        if (start.payu) {
          // stays busy: the browser leaves; only the back/forward cache brings this page back
          setStage('leaving');
          const back = (e: PageTransitionEvent) => {
            if (!e.persisted) return;
            window.removeEventListener('pageshow', back);
            fail(orderId, HOSTED_PAGE_LEFT);
          };
          submitHostedForm(start.payu);
          window.addEventListener('pageshow', back);
          return;
        }
        if (method.method === 'online') {
          fail(orderId, PROVIDER_CHANGED);
          return;
        }
        const Provider = await loadProviderScript(start.checkout_js);
        const provider = new Provider({ key: start.key });
        let settled = false;
        provider.on('payment.success', (r) => {
          if (settled) return;
          settled = true;
          setStage('confirming');
          confirmPayment({
            razorpay_order_id: r.razorpay_order_id,
            razorpay_payment_id: r.razorpay_payment_id,
            razorpay_signature: r.razorpay_signature,
          }).then(
            (done) => onPaid(done.order_id),
            (e: unknown) => {
              console.error('payment not confirmed', e);
              fail(orderId, CONFIRM_FAILED);
            },
          );
        });
        provider.on('payment.error', (e) => {
          if (settled) return;
          settled = true;
          const { code, description } = e.error;
          reportPaymentFailure({ razorpay_order_id: start.provider_order_id, code, description }).catch((err: unknown) =>
            console.error('payment failure not recorded', err),
          );
          fail(orderId, description);
        });
        setStage('provider');
        provider.createPayment(createPaymentData(start, method));
      } catch (e) {
        // the shop's refusal in its words (409 retry_not_allowed…); the provider's script failing, in ours
        if (isApiError(e)) {
          fail(orderId, errorMessage(e), e.code);
        } else {
          console.error('payment provider failed', e);
          fail(orderId, PROVIDER_UNREACHABLE);
        }
      }
    },
    [fail, onPaid],
  );

  return { pay, stage, failure, busy: stage !== 'idle' };
}

import type { HostedPaymentForm } from './types';

/**
 * PayU's hosted page: the shop's form (hash included) posted there as a top-level navigation, so the
 * shopper types card, UPI or bank details on PayU's page and never into ours. PayU brings the browser
 * back to the shop, which sends it to the thank-you page or to retry payment.
 */
export function submitHostedForm({ action, fields }: HostedPaymentForm): void {
  const target = new URL(action, window.location.href);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`not a payment page: ${action}`);
  const form = document.createElement('form');
  form.method = 'post';
  form.action = target.href;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

import { useCallback, useState } from 'react';
import { initialChoice, toggleTab, type PaymentChoice, type PaymentTab } from './payment';
import { emptyCard } from './validators';

/** The payment forms' state, shared by checkout and the retry page: every tab starts closed. */
export function usePaymentChoice() {
  const [choice, setChoice] = useState<PaymentChoice>(() => initialChoice(emptyCard()));
  const update = useCallback((change: Partial<PaymentChoice>) => setChoice((c) => ({ ...c, ...change })), []);
  const toggle = useCallback((tab: PaymentTab) => setChoice((c) => ({ ...c, open: toggleTab(c.open, tab) })), []);
  const close = useCallback(() => setChoice((c) => ({ ...c, open: null })), []);
  return { choice, update, toggle, close };
}

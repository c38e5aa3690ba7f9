import type { PaymentChoice, PaymentTab } from '../payment';
import { ONLINE_NOTE, TAB_LABELS } from '../payment';
import type { CheckoutCod, SavedCard } from '../types';
import { CardForm } from './card-form';
import { Netbanking } from './netbanking';
import { PaymentTabs, type TabSpec } from './payment-tabs';
import { SavedCards } from './saved-cards';
import { UpiForm } from './upi-form';

/**
 * The payment tabs with their forms, as checkout and the retry page both show them. `tabs` says which
 * (the retry page has no cash on delivery; PayU has one Pay online tab and no forms); Saved cards appears only when the shopper has some, and
 * cash on delivery is disabled, with the reason, where it is not offered.
 */
export function PaymentMethods({
  tabs,
  choice,
  update,
  toggle,
  savedCards,
  cod,
}: {
  tabs: readonly PaymentTab[];
  choice: PaymentChoice;
  update: (change: Partial<PaymentChoice>) => void;
  toggle: (tab: PaymentTab) => void;
  savedCards: SavedCard[];
  cod?: CheckoutCod;
}) {
  const specs: TabSpec[] = [];
  for (const tab of tabs) {
    const label = TAB_LABELS[tab];
    switch (tab) {
      case 'upi':
        specs.push({
          id: tab,
          label,
          content: (
            <UpiForm
              vpa={choice.vpa}
              verdict={choice.verdict}
              onVpa={(vpa) => update({ vpa })}
              onVerdict={(verdict) => update({ verdict })}
            />
          ),
        });
        break;
      case 'card':
        specs.push({ id: tab, label, content: <CardForm card={choice.card} onChange={(card) => update({ card })} /> });
        break;
      case 'saved_cards':
        if (savedCards.length > 0) {
          specs.push({
            id: tab,
            label,
            content: (
              <SavedCards cards={savedCards} token={choice.saved.token} cvv={choice.saved.cvv} onChange={(saved) => update({ saved })} />
            ),
          });
        }
        break;
      case 'netbanking':
        specs.push({ id: tab, label, content: <Netbanking bank={choice.bank} onChange={(bank) => update({ bank })} /> });
        break;
      case 'online':
        specs.push({
          id: tab,
          label,
          note: ONLINE_NOTE,
          content: (
            <p className="co-form__note" data-testid="online-note">
              Pay takes you to PayU’s secure page, where you choose how to pay and enter your details; Drape never sees them. PayU then
              brings you back to Drape.
            </p>
          ),
        });
        break;
      case 'cod':
        if (cod) {
          specs.push({
            id: tab,
            label,
            disabled: !cod.allowed,
            note: cod.allowed
              ? cod.fee > 0
                ? `${cod.fee_ui} cash handling fee`
                : 'No extra fee'
              : cod.reason || 'Not available for this order',
            content: (
              <p className="co-form__note" data-testid="cod-note">
                Pay in cash when your order arrives.
                {cod.fee > 0 ? ` A ${cod.fee_ui} cash handling fee is added to your total.` : null} We will send a code to your mobile to
                confirm the order.
              </p>
            ),
          });
        }
        break;
    }
  }
  return <PaymentTabs tabs={specs} open={choice.open} onToggle={toggle} />;
}

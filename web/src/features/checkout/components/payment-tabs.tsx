import { useId, type ReactNode } from 'react';
import type { PaymentTab } from '../payment';

export type TabSpec = {
  id: PaymentTab;
  label: string;
  /** a line under the label (cash on delivery's fee, or why it is not offered) */
  note?: string | null;
  disabled?: boolean;
  content: ReactNode;
};

/**
 * The payment methods as an accordion (spec 000 §4): every tab starts closed, opening one closes the
 * others, and the open one is the method the Pay button uses. A closed tab's form is not rendered.
 */
export function PaymentTabs({ tabs, open, onToggle }: { tabs: TabSpec[]; open: PaymentTab | null; onToggle: (tab: PaymentTab) => void }) {
  const ids = useId();
  return (
    <section className="co-card co-pay-methods" aria-labelledby={`${ids}-title`} data-testid="payment-tabs">
      <h2 className="co-card__title" id={`${ids}-title`}>
        Payment method
      </h2>
      <ul className="co-tabs">
        {tabs.map((t) => {
          const expanded = open === t.id;
          const panelId = `${ids}-${t.id}-panel`;
          return (
            <li key={t.id} className={`co-tab${expanded ? ' co-tab--open' : ''}${t.disabled ? ' co-tab--disabled' : ''}`} data-tab={t.id}>
              <button
                type="button"
                className="co-tab__head"
                aria-expanded={expanded}
                aria-controls={expanded ? panelId : undefined}
                disabled={t.disabled}
                onClick={() => onToggle(t.id)}
              >
                <span className="co-tab__dot" aria-hidden="true" />
                <span className="co-tab__text">
                  <span className="co-tab__label">{t.label}</span>
                  {t.note ? <span className="co-tab__note">{t.note}</span> : null}
                </span>
              </button>
              {expanded ? (
                <div className="co-tab__panel" id={panelId} role="region" aria-label={t.label}>
                  {t.content}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { Link } from 'react-router';
import { PACKAGING_PATH, RETURN_WINDOW_DAYS } from '@/shared/lib/store-pages';
import { PolicyFacts, PolicyPage, PolicySection } from './PolicyPage';

const ORDERS_PATH = '/order/history/';
const WALLET_PATH = '/account/wallet';
const CONTACT_PATH = '/account/contact';

/** /pages/return-policy/: returns, exchanges and refunds (spec 001 §9: 35 days; briefs and panties excluded). */
export function ReturnPolicyPage() {
  return (
    <PolicyPage
      title="Returns and exchanges"
      testId="return-policy-page"
      lead={`Changed your mind, or need another size? You can return or exchange most items within ${RETURN_WINDOW_DAYS} days of delivery.`}
      related={{ to: PACKAGING_PATH, label: 'How we pack your order' }}
    >
      <PolicyFacts
        facts={[
          { icon: 'clock', title: `${RETURN_WINDOW_DAYS} days`, text: 'from delivery to start a return or exchange' },
          { icon: 'refresh', title: 'Size exchange', text: 'swap for another size of the same product' },
          { icon: 'wallet', title: 'Refunds', text: 'to your original payment method or your Drape wallet' },
        ]}
      />

      <PolicySection id="returnable" title="What you can return">
        <p>
          Most items can be returned or exchanged within {RETURN_WINDOW_DAYS} days of the day your order is delivered. Please send them back
          unworn and unwashed, with their tags attached and in their original packaging.
        </p>
      </PolicySection>

      <PolicySection id="non-returnable" title="What you cannot return">
        <p>
          For hygiene reasons, <strong>briefs and panties are not returnable and cannot be exchanged</strong>. Neither can a multi-piece box
          that contains them (a bra and panty set, or a pack of panties) once it has been opened.
        </p>
        <p>
          You never have to guess: on the product page of such an item, this notice takes the place of the {RETURN_WINDOW_DAYS}-day return
          policy.
        </p>
      </PolicySection>

      <PolicySection id="start-a-return" title="How to start a return">
        <ol className="pg-steps">
          <li>
            Go to <Link to={ORDERS_PATH}>My orders</Link> (you need to be logged in).
          </li>
          <li>Open the order and choose Return next to the item.</li>
          <li>Choose Return or Exchange, the quantity and the reason, and confirm the pickup address.</li>
          <li>Pack the item as it came to you, tags attached. Our courier collects it from your address.</li>
        </ol>
        <p>If our couriers cannot collect from your pin code, we tell you when you start the return, before anything is booked.</p>
      </PolicySection>

      <PolicySection id="exchanges" title="Exchanges">
        <p>
          Ordered the wrong size? Choose Exchange instead of Return and pick the size you need. If that size has sold out, you can return
          the item for a refund instead.
        </p>
      </PolicySection>

      <PolicySection id="refunds" title="Refunds">
        <p>We start your refund once the item reaches us and passes our quality check.</p>
        <ul className="pg-list">
          <li>
            <strong>Paid online</strong> (card, UPI, net banking or wallet): back to the original payment method, or to your{' '}
            <Link to={WALLET_PATH}>Drape wallet</Link> if you prefer.
          </li>
          <li>
            <strong>Cash on delivery</strong>: to your Drape wallet, or to your bank account. For a bank refund, give the account holder’s
            name, account number and IFSC code when you request the return.
          </li>
        </ul>
        <p>Money in your wallet can be spent on your next order.</p>
      </PolicySection>

      <PolicySection id="damaged" title="Damaged or wrong item?">
        <p>
          If something arrives damaged, or is not what you ordered, please <Link to={CONTACT_PATH}>contact us</Link> with your order number
          and we will put it right.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}

import { Link } from 'react-router';
import { RETURN_POLICY_PATH } from '@/shared/lib/store-pages';
import { PolicyFacts, PolicyPage, PolicySection } from './PolicyPage';

const CART_PATH = '/view-cart/';

/** /pages/packaging/: the discreet packaging FAQ (spec 001 §2, §9). */
export function PackagingPage() {
  return (
    <PolicyPage
      title="Discreet packaging"
      testId="packaging-page"
      lead="Every Drape order ships the same way: plain, sealed and anonymous. Nobody who handles your parcel can tell what is inside."
      related={{ to: RETURN_POLICY_PATH, label: 'Returns and exchanges' }}
    >
      <PolicyFacts
        facts={[
          { icon: 'box', title: 'Plain box', text: 'no product names or pictures outside' },
          { icon: 'truck', title: '“Drape” only', text: 'is all the shipping label says about us' },
          { icon: 'lock', title: 'Sealed', text: 'lingerie wrapped in tissue inside' },
        ]}
      />

      <PolicySection id="outside" title="What does the parcel look like?">
        <p>
          A plain outer box, sealed, with <strong>no product names</strong>, pictures or descriptions on it. Nothing on the outside says it
          comes from a lingerie store.
        </p>
      </PolicySection>

      <PolicySection id="label" title="What does the shipping label say?">
        <p>
          Your name, delivery address and phone number, so the courier can reach you. The sender is printed as <strong>“Drape”</strong>{' '}
          only, with no description of what is inside. For cash on delivery, the label also shows the amount to collect.
        </p>
      </PolicySection>

      <PolicySection id="inside" title="How is it packed inside?">
        <p>
          Each piece of lingerie is folded and <strong>wrapped in tissue paper</strong>, so it arrives clean and in shape. Your invoice
          travels inside the box, never on the outside.
        </p>
      </PolicySection>

      <PolicySection id="cod" title="Does cash on delivery change anything?">
        <p>No. The parcel looks exactly the same; the courier only sees the amount to collect.</p>
      </PolicySection>

      <PolicySection id="gift" title="Sending it as a gift?">
        <p>
          Turn on gift wrap in your <Link to={CART_PATH}>bag</Link> before you check out, and we wrap the order as a gift inside the same
          plain box.
        </p>
      </PolicySection>

      <PolicySection id="returns" title="And if I send something back?">
        <p>
          Pack the item back in its plain box; our courier collects it from your address. See{' '}
          <Link to={RETURN_POLICY_PATH}>returns and exchanges</Link> for what can come back and how.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}

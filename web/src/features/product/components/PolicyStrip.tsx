import { Link } from 'react-router';
import { Icon, type IconName } from '@/shared/components/ui/Icon';
import { PACKAGING_PATH, RETURN_POLICY_PATH, RETURN_WINDOW_DAYS } from '@/shared/lib/store-pages';

/** Spec 001 §9, word for word in substance. */
export const POLICY = {
  shipping: 'Free shipping on orders of ₹29 and above; ₹29 shipping charge below that',
  returns: `${RETURN_WINDOW_DAYS}-day return policy`,
  nonReturnable: 'Briefs and panties (and opened multi-piece boxes containing them) are non-returnable and non-exchangeable',
  cod: 'Cash on delivery available',
  packaging: 'Discreet packaging',
} as const;

type PolicyLine = { key: string; icon: IconName; text: string; to?: string };

/**
 * The policy strip; for non-returnable products their notice replaces the return policy. The return
 * line (or the notice) and packaging link to their pages (spec 001 §2: the return policy and packaging
 * FAQ pages are linked from the info strip).
 */
export function PolicyStrip({ nonreturnable }: { nonreturnable: boolean }) {
  const items: PolicyLine[] = [
    { key: 'shipping', icon: 'truck', text: POLICY.shipping },
    nonreturnable
      ? { key: 'nonreturnable', icon: 'refresh', text: POLICY.nonReturnable, to: RETURN_POLICY_PATH }
      : { key: 'returns', icon: 'refresh', text: POLICY.returns, to: RETURN_POLICY_PATH },
    { key: 'cod', icon: 'wallet', text: POLICY.cod },
    { key: 'packaging', icon: 'box', text: POLICY.packaging, to: PACKAGING_PATH },
  ];
  return (
    <ul className="policy-strip" aria-label="Shipping and returns" data-testid="policy-strip">
      {items.map(({ key, icon, text, to }) => (
        <li key={key} className={`policy-strip__item policy-strip__item--${key}`}>
          <Icon name={icon} size={20} />
          {to ? (
            <Link to={to} className="policy-strip__link">
              {text}
            </Link>
          ) : (
            <span>{text}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

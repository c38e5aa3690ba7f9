import { Icon, type IconName } from '@/shared/components/ui/Icon';

/** Spec 001 §9, word for word in substance. */
export const POLICY = {
  shipping: 'Free shipping on orders of ₹29 and above; ₹29 shipping charge below that',
  returns: '35-day return policy',
  nonReturnable: 'Briefs and panties (and opened multi-piece boxes containing them) are non-returnable and non-exchangeable',
  cod: 'Cash on delivery available',
  packaging: 'Discreet packaging',
} as const;

/** The policy strip; for non-returnable products their notice replaces the return policy. */
export function PolicyStrip({ nonreturnable }: { nonreturnable: boolean }) {
  const items: [IconName, string, string][] = [
    ['truck', POLICY.shipping, 'shipping'],
    nonreturnable ? ['refresh', POLICY.nonReturnable, 'nonreturnable'] : ['refresh', POLICY.returns, 'returns'],
    ['wallet', POLICY.cod, 'cod'],
    ['box', POLICY.packaging, 'packaging'],
  ];
  return (
    <ul className="policy-strip" aria-label="Shipping and returns" data-testid="policy-strip">
      {items.map(([icon, text, key]) => (
        <li key={key} className={`policy-strip__item policy-strip__item--${key}`}>
          <Icon name={icon} size={20} />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

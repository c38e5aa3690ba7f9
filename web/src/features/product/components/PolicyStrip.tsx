import { Icon, type IconName } from '@/shared/components/ui/Icon';

/**
 * Spec 001 §9: free shipping from ₹29 (₹29 charge below), 35-day returns, cash on delivery,
 * discreet packaging. Non-returnable products show their notice instead of the return policy.
 */
export function PolicyStrip({ nonreturnable }: { nonreturnable: boolean }) {
  const items: [IconName, string][] = [
    ['truck', 'Free shipping on orders of ₹29 and above'],
    nonreturnable
      ? ['refresh', 'Briefs and panties are non-returnable and non-exchangeable']
      : ['refresh', '35-day return policy'],
    ['wallet', 'Cash on delivery available'],
    ['box', 'Discreet packaging'],
  ];
  return (
    <ul className="policy-strip" aria-label="Shipping and returns">
      {items.map(([icon, text]) => (
        <li key={text} className="policy-strip__item">
          <Icon name={icon} size={20} />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

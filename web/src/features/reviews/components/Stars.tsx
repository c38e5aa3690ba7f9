import { Icon } from '@/shared/components/ui/Icon';

const FIVE = [1, 2, 3, 4, 5];

/** Five stars filled to `value` (fractions allowed), read out as "4.3 out of 5 stars". */
export function Stars({ value, size = 16, className = '' }: { value: number; size?: number; className?: string }) {
  const pct = Math.max(0, Math.min(100, (value / 5) * 100));
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return (
    <span className={`rv-stars ${className}`} role="img" aria-label={`${shown} out of 5 stars`}>
      <span className="rv-stars__base" aria-hidden="true">
        {FIVE.map((i) => (
          <Icon key={i} name="star" size={size} />
        ))}
      </span>
      <span className="rv-stars__fill" aria-hidden="true" style={{ width: `${pct}%` }}>
        {FIVE.map((i) => (
          <Icon key={i} name="star" size={size} />
        ))}
      </span>
    </span>
  );
}

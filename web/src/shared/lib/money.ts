/**
 * Rupees exist only at the edges: the server sends paise (and a `*_ui` text to show, which the
 * UI prefers); this formats paise the same way for values that have no `*_ui` twin.
 */
const whole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 129900 → "₹1,299"; 150 → "₹1.50"; -50000 → "-₹500" (Indian digit grouping). */
export function formatINR(paise: number): string {
  if (!Number.isFinite(paise)) return '';
  const p = Math.round(paise);
  return p % 100 === 0 ? whole.format(p / 100) : withPaise.format(p / 100);
}

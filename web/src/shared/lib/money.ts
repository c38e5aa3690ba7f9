/**
 * Rupees exist only at the edges: the server sends paise (and a `*_ui` text to show, which the
 * UI prefers); this formats paise the same way for values that have no `*_ui` twin.
 *
 * Written out rather than with Intl.NumberFormat (issue 14, blocking time): a page's first
 * Intl.NumberFormat loads the browser's locale data, which took 50–120 ms of main thread on
 * Lighthouse's 4× slower phone, inside the app's start-up task; a price or a count never needs
 * more than Indian digit grouping. money.test.ts checks every result against Intl's own.
 */

/** 1234567 → "12,34,567": the last three digits, then pairs (lakh and crore), for a whole number. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '';
  const whole = Math.round(n);
  const digits = String(Math.abs(whole));
  if (/e/i.test(digits)) return String(whole); // beyond 1e21: no grouping to speak of
  const grouped = digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
  return whole < 0 ? `-${grouped}` : grouped;
}

/** 129900 → "₹1,299"; 150 → "₹1.50"; -50000 → "-₹500" (Indian digit grouping). */
export function formatINR(paise: number): string {
  if (!Number.isFinite(paise)) return '';
  const p = Math.round(paise);
  const abs = Math.abs(p);
  const rest = abs % 100;
  const rupees = `₹${formatCount((abs - rest) / 100)}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
  return p < 0 ? `-${rupees}` : rupees;
}

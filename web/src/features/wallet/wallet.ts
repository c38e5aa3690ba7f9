import type { WalletEntry } from '@/shared/api/types';

/** The server sends at most this many entries, newest first (the balance counts them all). */
export const LEDGER_LENGTH = 100;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * An entry's day in India, written the Indian way: '23 Nov 2026' (day, three-letter month, year).
 * Worked out by hand rather than by Intl: en-IN writes September 'Sept' in recent ICU data and not in
 * older, and the shop's day is India's whatever the device's time zone.
 */
export function ledgerDate(ms: number): { text: string; iso: string } {
  const d = new Date(ms + IST_OFFSET_MS);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  const two = (n: number) => String(n).padStart(2, '0');
  return { text: `${day} ${MONTHS[m]} ${y}`, iso: `${y}-${two(m + 1)}-${two(day)}` };
}

/** Money in (credits, refunds) is positive; order payments are negative. */
export const isMoneyIn = (entry: WalletEntry) => entry.amount > 0;

/** The sign the server puts in front of a `*_ui` amount: '+', '−' (U+2212) or '-'. */
const LEADING_SIGN = /^[+\u2212-]\s*/;

/**
 * What a screen reader should say for an amount: 'plus ₹500', 'minus ₹120.50' (readers say '−' and '+'
 * inconsistently, or not at all). `signed`: whether a positive amount is said with 'plus' (ledger
 * entries) or plainly (the balance). The rupee text stays the server's.
 */
export function spokenAmount(paise: number, ui: string, { signed }: { signed: boolean }): string {
  const rupees = ui.replace(LEADING_SIGN, '');
  if (paise < 0) return `minus ${rupees}`;
  return signed && paise > 0 ? `plus ${rupees}` : rupees;
}

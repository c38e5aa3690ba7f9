import { isLoggedIn, useSession } from '@/shared/api/session';
import type { AccountSettings, MyCoupon, SettingsUpdate } from '@/shared/api/types';

/**
 * The account pages' rules: how coupon terms, notification times and contact links read, and what a
 * settings save sends. Pure functions, tested in the pages' tests.
 */

/** The session, and the shopper's id (null for a guest): every shopper's own query is keyed by it. */
export function useShopper() {
  const session = useSession();
  const me = session.data;
  const user = me && isLoggedIn(me) && me.user ? me.user : null;
  return { session, me, user, userId: user ? user.id : null };
}

// ---------------------------------------------------------------- coupons

/** 'On orders of ₹999 or more', or that any order will do. */
export function minOrderText(c: Pick<MyCoupon, 'min_order' | 'min_order_ui'>): string {
  return c.min_order > 0 ? `On orders of ${c.min_order_ui} or more` : 'No minimum order';
}

/** '1 use left', '3 uses left'; nothing when the coupon can be used without limit (null). */
export function usesLeftText(n: number | null): string | null {
  if (n === null) return null;
  return `${n} ${n === 1 ? 'use' : 'uses'} left`;
}

// ---------------------------------------------------------------- notifications

/** The server sends at most this many, newest first. */
export const NOTIFICATIONS_KEPT = 50;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** India Standard Time is UTC+05:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * When a notification came, in India's time, written '23 Nov 2026, 4:05 pm' (by hand, like the wallet's
 * dates: ICU's en-IN month names differ between versions, and the shop's clock is India's wherever the
 * device is). An unreadable date gives empty text.
 */
export function noticeTime(rfc3339: string): { text: string; iso: string } {
  const ms = Date.parse(rfc3339);
  if (Number.isNaN(ms)) return { text: '', iso: '' };
  const d = new Date(ms + IST_OFFSET_MS);
  const h = d.getUTCHours();
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  const clock = `${h % 12 === 0 ? 12 : h % 12}:${minutes} ${h < 12 ? 'am' : 'pm'}`;
  return { text: `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${clock}`, iso: new Date(ms).toISOString() };
}

/** A notification's link opens in the app when it is a path in the shop; anything else is not followed. */
export function shopPath(link: string): string | null {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null;
}

// ---------------------------------------------------------------- contact

/** What a message can be about (the server's list, in its order). */
export const CONTACT_SUBJECTS: [value: string, label: string][] = [
  ['order', 'An order'],
  ['return', 'A return or exchange'],
  ['payment', 'A payment or refund'],
  ['product', 'A product or size'],
  ['other', 'Something else'],
];

/** A tel: link dials the digits (and a leading +) of the number as written. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

// ---------------------------------------------------------------- settings

export type SettingsForm = Pick<AccountSettings, 'name' | 'email' | 'notify_orders' | 'notify_offers' | 'notify_stock'>;

/**
 * What a save sends: only the fields that differ from what the server last said (PATCH changes the
 * fields sent, so a shopper who never gave a name can still change a toggle). Text is compared trimmed,
 * as the server stores it; an emptied e-mail is sent as '' (which removes it).
 */
export function settingsChanges(saved: AccountSettings, form: SettingsForm): SettingsUpdate {
  const out: SettingsUpdate = {};
  if (form.name.trim() !== saved.name.trim()) out.name = form.name.trim();
  if (form.email.trim() !== saved.email.trim()) out.email = form.email.trim();
  for (const key of ['notify_orders', 'notify_offers', 'notify_stock'] as const) {
    if (form[key] !== saved[key]) out[key] = form[key];
  }
  return out;
}

/** '+91 98765 43210' for a 10 digit Indian mobile; anything else as it is. */
export function displayMobile(m: string): string {
  return /^\d{10}$/.test(m) ? `+91 ${m.slice(0, 5)} ${m.slice(5)}` : m;
}

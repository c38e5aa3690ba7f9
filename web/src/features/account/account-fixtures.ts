import type { Me, ProductCard } from '@/shared/api/types';
import { calls } from '@/test/fake-api';
import { meFixture } from '@/test/fixtures';

// Shared by the account pages' tests (not imported by the app).

export const guest: Me = meFixture();

export const shopper: Me = {
  is_authenticated: true,
  user: { id: 7, mobile: '9876543210', email: 'riya@example.com', name: 'Riya', is_superuser: false, can_see_unused_stock: false },
  wishlistCount: 0,
  cartCount: 0,
  notificationCount: 2,
  buy_now_login_prompt: false,
  image_quality: 80,
};

/** The text of the toast of a kind showing now ('' when none). */
export const toastText = (kind: 'success' | 'warning') => document.getElementById(`toast-${kind}`)?.textContent ?? '';

/** The JSON body of the calls made to `METHOD /path/`, in order. */
export const bodiesOf = (method: string, path: string): unknown[] =>
  calls
    .filter((c) => c.method === method && c.url.pathname === path)
    .map((c) => (c.init.body ? JSON.parse(String(c.init.body)) : undefined));

export const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path);

export function card(id: number, name: string): ProductCard {
  return {
    id,
    name,
    slug: `${name.toLowerCase().replace(/\s+/g, '-')}-${id}`,
    url: `/product/${name.toLowerCase().replace(/\s+/g, '-')}-${id}`,
    img: `/media/products/P${id}/1.svg`,
    color_name: 'Black',
    rgbcode: '#1d1d1f',
    is_soldout: false,
    offer_tag: '',
    old_price: 0,
    old_price_ui: '',
    rounded_up_unit_price: 79_900,
    rounded_up_unit_price_ui: '₹799',
    rating: 0,
    total_ratings_count: 0,
  };
}

import type { Product } from '@/shared/api/types';

/** Category ids the spec names (001 §4): 1 bras, 2 panties, 4 nightwear, 253 activewear. */
export const CATEGORY = { bra: 1, panty: 2, nightwear: 4, activewear: 253 } as const;

/** 'Selling Fast' when the sales speed passes the category's threshold (spec 001 §9). */
const SELLING_FAST_SPEED: [number, number][] = [
  [CATEGORY.bra, 19],
  [CATEGORY.panty, 4],
  [CATEGORY.nightwear, 1.4],
];

export function isSellingFast(p: Pick<Product, 'speed' | 'all_category_with_parents'>): boolean {
  const cats = p.all_category_with_parents ?? [];
  return SELLING_FAST_SPEED.some(([cat, min]) => cats.includes(cat) && p.speed > min);
}

export type ProductTag = 'Sold Out' | 'Selling Fast' | 'Beginners' | 'Pre Order' | 'New' | 'Cotton';

/** The one tag shown on the gallery, by the spec's priority: Sold Out, Selling Fast, Beginners, Pre Order, New, Cotton. */
export function productTag(p: Product, soldOut: boolean): ProductTag | null {
  if (soldOut && p.offer_tag) return 'Sold Out';
  // an unbuyable product is not selling at all, fast or otherwise
  if (p.active && isSellingFast(p)) return 'Selling Fast';
  if (p.beginner) return 'Beginners';
  if (p.preorder) return 'Pre Order';
  if (p.newarrivals) return 'New';
  if (p.is_cotton_comforty || p.has_cotton_label) return 'Cotton';
  return null;
}

import type { Product } from '@/shared/api/types';
import { rupees, skuCategory } from '@/shared/lib/events';

/** The view_item data layer event (spec 001 §4), GA4 ecommerce shape, prices in rupees. */
export interface ViewItem {
  currency: 'INR';
  value: number;
  items: Record<string, string | number>[];
}

export function viewItem(product: Product): ViewItem {
  const price = rupees(product.rounded_up_unit_price);
  const item: Record<string, string | number> = {
    item_id: product.sku || String(product.id),
    item_name: product.name,
  };
  // up to three categories from the breadcrumb
  (product.categories ?? []).slice(0, 3).forEach((c, i) => {
    item[i === 0 ? 'item_category' : `item_category${i + 1}`] = c.name;
  });
  const colour = product.more_colors?.find((c) => c.slug === product.slug)?.color_name;
  if (colour) item.item_variant = colour;
  const code = skuCategory(product.parent_sku || product.sku);
  if (code) item.item_category4 = code;
  item.price = price;
  item.quantity = 1;
  return { currency: 'INR', value: price, items: [item] };
}

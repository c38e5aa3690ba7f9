import type { Product } from '@/shared/api/types';

/** The view_item data layer event (spec 001 §4), GA4 ecommerce shape, prices in rupees. */
export interface ViewItem {
  currency: 'INR';
  value: number;
  items: Record<string, string | number>[];
}

/** The product-type code of a SKU: its leading letters ("BR1001-CRL" → "BR"). */
export function skuCategory(sku: string): string {
  return /^[A-Za-z]+/.exec(sku.trim())?.[0]?.toUpperCase() ?? '';
}

export const rupees = (paise: number) => Math.round(paise) / 100;

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

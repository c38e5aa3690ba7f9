import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ComboSizeGroup, SizeItem, SizesResponse } from '@/shared/api/types';

/** What the size picker needs. `ok` false means the sizes call failed: treat as sold out. */
export interface ProductSizes {
  ok: boolean;
  sizes: SizeItem[];
  comboGroups: ComboSizeGroup[];
  /** The product's cap over all sizes and the pieces of it already in the visitor's bag (spec 001 §9). */
  cart: { max: number; inCart: number } | null;
}

export const SOLD_OUT_SIZES: ProductSizes = { ok: false, sizes: [], comboGroups: [], cart: null };

/**
 * Spec 001 §4/§8: if the sizes call fails or answers a status other than 'success', the product
 * is treated as sold out with an empty size list, and no message is shown.
 */
export function toProductSizes(res: SizesResponse | null): ProductSizes {
  if (!res || res.status !== 'success' || !res.result) return SOLD_OUT_SIZES;
  return {
    ok: true,
    sizes: res.result.size ?? [],
    comboGroups: res.result.comboSizes ?? [],
    cart: { max: res.result.max_cart_items, inCart: res.result.cart_pieces },
  };
}

export async function getSizes(slug: string, signal?: AbortSignal): Promise<ProductSizes> {
  try {
    const res = await api.get<SizesResponse>(`/web/api/v1/product/${encodeURIComponent(slug)}/sizes/s/`, { signal });
    return toProductSizes(res);
  } catch {
    return SOLD_OUT_SIZES;
  }
}

export const sizesQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['product', slug, 'sizes'],
    queryFn: ({ signal }) => getSizes(slug, signal),
    staleTime: 10_000,
  });

export function useSizes(slug: string) {
  return useQuery(sizesQueryOptions(slug));
}

/** Nothing left to buy: no ordinary size and no complete combo in stock. */
export function allSoldOut(s: ProductSizes): boolean {
  if (!s.ok) return true;
  if (s.comboGroups.length > 0) {
    return s.comboGroups.some((g) => g.sizes.every((x) => x.quantity <= 0));
  }
  return s.sizes.every((x) => x.quantity <= 0);
}

import { api } from '@/shared/api/client';

/**
 * GET /iteminstock/{productId}/{sizeValue}/ — a bare integer: what a shopper may buy of that
 * size now (0 = sold out). Combos pass both parts' sizes.
 */
export async function getItemInStock(
  productId: number,
  sizeValue: string,
  combo?: { combo1: string; combo2: string },
  signal?: AbortSignal,
): Promise<number> {
  const text = await api.get<string>(`/iteminstock/${productId}/${encodeURIComponent(sizeValue)}/`, { query: combo, signal, as: 'text' });
  const n = Number.parseInt(String(text).trim(), 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

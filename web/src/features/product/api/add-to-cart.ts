import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { CartItemAdded, CartItemRequest } from '@/shared/api/types';

/** POST /api/v3/cart-items/ — 4xx answers carry the message to show (e.g. 'Only 2 left in this size'). */
export function addToCart(item: CartItemRequest): Promise<CartItemAdded> {
  return api.post<CartItemAdded>('/api/v3/cart-items/', item);
}

export function useAddToCart() {
  return useMutation({ mutationFn: addToCart });
}

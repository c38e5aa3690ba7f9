import { useMutation } from '@tanstack/react-query';
import { api, csrfToken } from '@/shared/api/client';
import type { SizeRequestResult } from '@/shared/api/types';

export interface SizeRequestInput {
  productId: number;
  size: string;
  email: string;
  phone: string;
}

/**
 * Notify-me: GET /addproductrequest/?csrfmiddlewaretoken=&productname={product id}&email=&phone=&size=
 * (the spec's call: a GET that carries the CSRF token in its query).
 */
export async function requestSize(input: SizeRequestInput): Promise<SizeRequestResult> {
  const token = await csrfToken();
  const params = new URLSearchParams({
    csrfmiddlewaretoken: token,
    productname: String(input.productId),
    email: input.email,
    phone: input.phone,
    size: input.size,
  });
  return api.get<SizeRequestResult>(`/addproductrequest/?${params.toString()}`);
}

export function useRequestSize() {
  return useMutation({ mutationFn: requestSize });
}

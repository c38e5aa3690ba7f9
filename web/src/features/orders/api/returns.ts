import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, FALLBACK_MESSAGE } from '@/shared/api/client';
import { postFormLegacy } from '@/shared/api/legacy-form';
import { queryKeys } from '@/shared/api/query-keys';
import { isPincode } from '@/shared/lib/validation';
import type {
  ExchangeSizes,
  ExchangeSizesQuery,
  OfferProducts,
  OfferProductsQuery,
  ReturnForm,
  ReturnPrice,
  ReturnPriceForm,
  ReturnRequested,
  Serviceability,
} from '../types';
import { orderKeys } from './keys';

/** The answer of a form post that must be data (these calls never answer the bare text 'success'). */
async function postData<T>(path: string, fields: ReturnForm | ReturnPriceForm, isData: (x: unknown) => x is T): Promise<T> {
  const answer = await postFormLegacy<unknown>(path, fields);
  if (!answer.done && isData(answer.data)) return answer.data;
  throw new ApiError(200, 'bad_response', FALLBACK_MESSAGE, {}, answer.done ? null : answer.data);
}

const isPrice = (x: unknown): x is ReturnPrice =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as ReturnPrice).total_refund === 'number' &&
  Array.isArray((x as ReturnPrice).refund_routes);

const isRequested = (x: unknown): x is ReturnRequested =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as ReturnRequested).return_id === 'string' &&
  typeof (x as ReturnRequested).message === 'string';

/**
 * POST /calculate_return_price_new/ (form) — what the picked pieces would refund, the order's refund
 * source, where the refund can go, and the reasons to pick from. It changes nothing.
 */
export function getReturnPrice(form: ReturnPriceForm): Promise<ReturnPrice> {
  return postData('/calculate_return_price_new/', form, isPrice);
}

export const returnPriceQueryOptions = (userId: number, form: ReturnPriceForm) =>
  queryOptions({
    queryKey: orderKeys.returnPrice(userId, form),
    queryFn: () => getReturnPrice(form),
    staleTime: 60_000,
    retry: false,
  });

/** Asked for the current selection; while a new selection is priced the last answer stays shown. */
export function useReturnPrice(userId: number | null, form: ReturnPriceForm, enabled: boolean) {
  return useQuery({
    ...returnPriceQueryOptions(userId ?? 0, form),
    enabled: enabled && userId !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /sap_exchange_return_request/ (form) — 200 with the request's id, the refund, the exchange
 * order's number and the message; a refusal is an ApiError with the server's code, message and fields.
 * The same form sent twice answers as the first.
 */
export function requestReturn(form: ReturnForm): Promise<ReturnRequested> {
  return postData('/sap_exchange_return_request/', form, isRequested);
}

/**
 * Requests; afterwards every order list and order (the pieces left, the new exchange order) is asked
 * again; the prices of selections are marked stale.
 */
export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReturn,
    scope: { id: 'order-return' },
    onSuccess: () => {
      // marked stale, not asked again: the pieces of that selection are no longer free
      void queryClient.invalidateQueries({ queryKey: ['return-price'], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

/** GET /exchange_realtime_size/?prod_id=&exchange=exc&variation= — sizes with pieces left, the shopper's own left out. */
export function getExchangeSizes(productId: number, current: string, signal?: AbortSignal): Promise<ExchangeSizes> {
  const query: ExchangeSizesQuery = { prod_id: String(productId), exchange: 'exc', variation: current };
  return api.get<ExchangeSizes>('/exchange_realtime_size/', { query, signal });
}

/** Stock moves: asked afresh each time the exchange is chosen. */
export function useExchangeSizes(productId: number, current: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.exchangeSizes(productId, current),
    queryFn: ({ signal }) => getExchangeSizes(productId, current, signal),
    enabled,
    staleTime: 0,
  });
}

/** GET /showOfferProductsExchange/?orderId&pId&qty&size&color&page — other styles of the same price in the size. */
export function getExchangeStyles(q: OfferProductsQuery, signal?: AbortSignal): Promise<OfferProducts> {
  return api.get<OfferProducts>('/showOfferProductsExchange/', { query: q, signal });
}

export function useExchangeStyles(userId: number | null, q: OfferProductsQuery) {
  return useQuery({
    queryKey: orderKeys.exchangeStyles(userId ?? 0, q),
    queryFn: ({ signal }) => getExchangeStyles(q, signal),
    enabled: userId !== null,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** GET /check_pincode/?pincode= — read here for its reverse pickup flag, city and state. */
export function checkPickup(pincode: string, signal?: AbortSignal): Promise<Serviceability> {
  return api.get<Serviceability>('/check_pincode/', { query: { pincode }, signal });
}

/** Asked only for a well-formed pincode. */
export function usePickupCheck(pincode: string) {
  return useQuery({
    queryKey: orderKeys.pickup(pincode),
    queryFn: ({ signal }) => checkPickup(pincode, signal),
    enabled: isPincode(pincode),
    staleTime: 5 * 60_000,
  });
}

import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { PincodePlace } from '@/shared/api/types';
import { addressKeys } from './keys';

/**
 * POST /pin_state_city/ (an ajax form post: `value`, csrfmiddlewaretoken) — the pincode's city and state
 * from the India Post directory; 404 'We don't know this pincode…', 400 for a malformed one.
 */
export function getPincodePlace(pincode: string, signal?: AbortSignal): Promise<PincodePlace> {
  return api.postForm<PincodePlace>('/pin_state_city/', { value: pincode }, { signal });
}

/** The directory does not change while a shopper types: an answer is kept for the visit. */
export const pincodePlaceQueryOptions = (pincode: string) =>
  queryOptions({
    queryKey: addressKeys.place(pincode),
    queryFn: ({ signal }) => getPincodePlace(pincode, signal),
    staleTime: Infinity,
    retry: false,
  });

/** Asks (or reads from the cache) the place of a pincode the shopper has just completed. */
export function usePincodeLookup() {
  const qc = useQueryClient();
  return (pincode: string) => qc.fetchQuery(pincodePlaceQueryOptions(pincode));
}

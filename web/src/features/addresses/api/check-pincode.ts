import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Serviceability } from '@/shared/api/types';
import { isPincode } from '@/shared/lib/validation';
import { addressKeys } from './keys';

/** GET /check_pincode/?pincode= — delivery, cash on delivery, reverse pickup and the estimated date. */
export function checkPincode(pincode: string, signal?: AbortSignal): Promise<Serviceability> {
  return api.get<Serviceability>('/check_pincode/', { query: { pincode }, signal });
}

export const serviceabilityQueryOptions = (pincode: string) =>
  queryOptions({
    queryKey: addressKeys.serviceability(pincode),
    queryFn: ({ signal }) => checkPincode(pincode, signal),
    // the estimated date moves with the clock
    staleTime: 5 * 60_000,
  });

/** Asked only for a well-formed pincode. */
export function useServiceability(pincode: string) {
  return useQuery({ ...serviceabilityQueryOptions(pincode), enabled: isPincode(pincode) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ContactDetails } from '@/shared/api/types';

/** GET /api/v1/contact/ — the shop's name, e-mail, phone, address and hours (anyone may ask). */
export function getContactDetails(signal?: AbortSignal): Promise<ContactDetails> {
  return api.get<ContactDetails>('/api/v1/contact/', { signal });
}

/** The same for everyone, and seldom changed. */
export const contactDetailsQueryOptions = () =>
  queryOptions({ queryKey: ['contact-details'] as const, queryFn: ({ signal }) => getContactDetails(signal), staleTime: 5 * 60_000 });

export function useContactDetails() {
  return useQuery(contactDetailsQueryOptions());
}

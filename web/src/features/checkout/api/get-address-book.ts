import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { AddressBook } from '@/shared/api/types';
import { checkoutKeys } from './keys';

/** GET /api/v1/address-book/ — the default first, then the newest (the address picker's list). */
export function getAddressBook(signal?: AbortSignal): Promise<AddressBook> {
  return api.get<AddressBook>('/api/v1/address-book/', { signal });
}

export const addressBookQueryOptions = () =>
  queryOptions({ queryKey: checkoutKeys.addressBook, queryFn: ({ signal }) => getAddressBook(signal), staleTime: 0 });

export function useAddressBook(enabled: boolean) {
  return useQuery({ ...addressBookQueryOptions(), enabled });
}

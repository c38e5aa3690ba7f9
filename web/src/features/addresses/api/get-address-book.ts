import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { AddressBook } from '@/shared/api/types';
import { addressKeys } from './keys';

/** GET /api/v1/address-book/ — the default first, then the newest; login required (401 for guests). */
export function getAddressBook(signal?: AbortSignal): Promise<AddressBook> {
  return api.get<AddressBook>('/api/v1/address-book/', { signal });
}

export const addressBookQueryOptions = () =>
  queryOptions({ queryKey: addressKeys.book, queryFn: ({ signal }) => getAddressBook(signal), staleTime: 0 });

export function useAddressBook(enabled: boolean) {
  return useQuery({ ...addressBookQueryOptions(), enabled });
}

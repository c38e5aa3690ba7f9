import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { AddressBook, AddressRequest } from '@/shared/api/types';
import { addressKeys } from './keys';

/**
 * POST /api/v1/address-book/ (a new address) or PUT /api/v1/address-book/{id}/ (an edit). Either
 * answers the whole book; a 400 carries `fields` with a message per field at fault.
 */
export function saveAddress({ id, address }: { id: number | null; address: AddressRequest }): Promise<AddressBook> {
  return id === null
    ? api.post<AddressBook>('/api/v1/address-book/', address)
    : api.put<AddressBook>(`/api/v1/address-book/${id}/`, address);
}

/** DELETE /api/v1/address-book/{id}/ — answers the book without it (the newest left becomes the default if it was). */
export const deleteAddress = (id: number) => api.delete<AddressBook>(`/api/v1/address-book/${id}/`);

/**
 * Every change answers the whole book, which replaces the cached one. The changes share one mutation
 * scope, so they reach the server one at a time and the last answer cached is the real book.
 */
function useApplyBook() {
  const qc = useQueryClient();
  return (book: AddressBook) => qc.setQueryData<AddressBook>(addressKeys.book, book);
}

const scope = { id: 'address-book' };

/** Add, edit, or 'Make default' (the address sent back as it is, with `is_default_shipping`). */
export function useSaveAddress() {
  const apply = useApplyBook();
  return useMutation({ mutationFn: saveAddress, scope, onSuccess: apply });
}

export function useDeleteAddress() {
  const apply = useApplyBook();
  return useMutation({ mutationFn: deleteAddress, scope, onSuccess: apply });
}

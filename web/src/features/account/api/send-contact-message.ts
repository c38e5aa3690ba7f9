import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ContactMessage, ContactSent } from '@/shared/api/types';

/**
 * POST /api/v1/contact/ — a message to the shop (guests too). 400 names each bad field; 429 beyond five
 * an hour; the answer carries the reference to quote.
 */
export function sendContactMessage(body: ContactMessage): Promise<ContactSent> {
  return api.post<ContactSent>('/api/v1/contact/', body);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

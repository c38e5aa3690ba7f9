/**
 * What of a guest's bag did not come along at login (`cart_notes` of POST /api/v1/auth/login/: one
 * sentence each, e.g. '4 pieces of Everyday Padded T-Shirt Bra (34B) from before you logged in were
 * left out: you can buy at most 5 of this product.'). The login page hands them to the page it returns
 * to in that history entry's state, where they stay (a reload too) until the shopper dismisses them.
 */
export interface CartNotesState {
  cartNotes: string[];
}

/** The history state for the page after login: none when everything fit. */
export function cartNotesState(notes: readonly string[] | undefined): CartNotesState | undefined {
  const kept = (notes ?? []).filter((n) => typeof n === 'string' && n.trim() !== '');
  return kept.length ? { cartNotes: kept } : undefined;
}

/** The notes in a location's state, if any (history state is whatever was stored: checked, not trusted). */
export function cartNotesOf(state: unknown): string[] {
  if (typeof state !== 'object' || state === null || !('cartNotes' in state)) return [];
  const notes = (state as { cartNotes: unknown }).cartNotes;
  return Array.isArray(notes) ? notes.filter((n): n is string => typeof n === 'string' && n.trim() !== '') : [];
}

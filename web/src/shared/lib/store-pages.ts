/**
 * The store's policy pages, linked from the product page's info strip (spec 001 §2: "Return policy
 * and packaging FAQ pages are linked from the info strip"; the spec does not show their paths).
 */
export const RETURN_POLICY_PATH = '/pages/return-policy/';
export const PACKAGING_PATH = '/pages/packaging/';

/** Days after delivery within which an item may be returned or exchanged (spec 001 §9). */
export const RETURN_WINDOW_DAYS = 35;

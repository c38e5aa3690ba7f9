export const addressKeys = {
  /** the shopper's whole address book (every change answers it) */
  book: ['address-book'] as const,
  /** a pincode's city and state, from the India Post directory */
  place: (pincode: string) => ['pincode-place', pincode] as const,
  /** whether, how and by when the shop delivers to a pincode */
  serviceability: (pincode: string) => ['check-pincode', pincode] as const,
};

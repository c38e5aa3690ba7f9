/**
 * Query keys that more than one feature touches. One definition, so that an invalidation in one
 * feature (a saved rating reloads the product) reaches the query another feature owns.
 * features/auth (`['me']`) and features/product (`['product', slug]`) use these same literals.
 */
export const queryKeys = {
  me: ['me'] as const,
  /** The product object; its sizes live under it (`[...product(slug), 'sizes']`). */
  product: (slug: string) => ['product', slug] as const,
};

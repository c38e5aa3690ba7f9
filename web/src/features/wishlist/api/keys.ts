export const wishlistKeys = {
  /** the wishlist's loaded pages (one infinite query: page 1, then each 'Show more') */
  list: ['wishlist'] as const,
  sizes: (slug: string) => ['wishlist-sizes', slug] as const,
};

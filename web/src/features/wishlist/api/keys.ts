export const wishlistKeys = {
  list: ['wishlist'] as const,
  sizes: (slug: string) => ['wishlist-sizes', slug] as const,
};

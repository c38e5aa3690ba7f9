/** The product page path of a product card (the server's url when it is a product path). */
export function productPath(p: { slug: string; url?: string }): string {
  return p.url && p.url.startsWith('/product/') ? p.url : `/product/${p.slug}`;
}

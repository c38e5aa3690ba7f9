import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { sessionQueryOptions } from '@/shared/api/session';

/**
 * Product images asked for at the size and quality they are shown at (spec 001 §2: "Image quality
 * is set by a query parameter from a page setting"). `/media/products/{sku}/{n}.svg` takes `w`, the
 * width in device pixels (40–1600; the server refuses others), and `q`, the quality (1–100), which
 * is the page setting `image_quality` of GET /api/v1/me/.
 */

export const IMAGE_WIDTH_MIN = 40;
export const IMAGE_WIDTH_MAX = 1600;
/** The quality asked for while the session loads (the server's own default). */
export const DEFAULT_IMAGE_QUALITY = 80;

/** A path under /media/products/, relative or on any host. */
const PRODUCT_IMAGE = /^(?:[a-z][a-z\d+.-]*:)?(?:\/\/[^/?#]*)?\/media\/products\//i;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

function screenDensity(): number {
  return typeof window !== 'undefined' && window.devicePixelRatio > 0 ? window.devicePixelRatio : 1;
}

/** Device pixels for a CSS width: CSS width × devicePixelRatio, rounded, within 40–1600. */
export function imageWidth(cssWidth: number, dpr: number = screenDensity()): number {
  const w = Math.round(cssWidth * (dpr > 0 ? dpr : 1));
  return Number.isNaN(w) ? IMAGE_WIDTH_MAX : clamp(w, IMAGE_WIDTH_MIN, IMAGE_WIDTH_MAX);
}

export function imageQuality(quality: number): number {
  return Number.isFinite(quality) ? clamp(Math.round(quality), 1, 100) : DEFAULT_IMAGE_QUALITY;
}

/**
 * A product image's url with `w` (from the CSS width it is shown at) and `q` added to its query.
 * Other urls, and those that already name a width, come back as they are; a `q` already in the
 * url is kept.
 */
export function sizedImage(src: string, cssWidth: number, quality: number, dpr: number = screenDensity()): string {
  if (!src || !PRODUCT_IMAGE.test(src)) return src;
  const hashAt = src.indexOf('#');
  const base = hashAt < 0 ? src : src.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : src.slice(hashAt);
  const queryAt = base.indexOf('?');
  const params = new URLSearchParams(queryAt < 0 ? '' : base.slice(queryAt + 1));
  if (params.has('w')) return src;
  const added = [`w=${imageWidth(cssWidth, dpr)}`];
  if (!params.has('q')) added.push(`q=${imageQuality(quality)}`);
  const joiner = queryAt < 0 ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${added.join('&')}${hash}`;
}

/**
 * The widths a product gallery's image is offered at, and the width it takes on the page. The server
 * writes the same set into the product page's HTML as a preload (crates/server/src/web.rs,
 * `GALLERY_WIDTHS` and `GALLERY_SIZES`), so the browser fetches the first image while the app still
 * loads and picks the same candidate for both: keep the two equal.
 */
export const GALLERY_WIDTHS = [360, 540, 720, 1080, 1440] as const;
export const GALLERY_SIZES = '(min-width: 900px) 50vw, 100vw';

/**
 * The widths a grid card's image is offered at, and the width it takes: the product grid's columns
 * (catalog.css `.grid`: two on a phone, three from 720 px, four from 1024 px inside the page's 1200 px).
 * The browser picks the candidate for the card's width and the screen's density before layout, so a
 * card is not measured (a measurement in a ref forced a layout per page of cards and a second render,
 * issue 14's blocking time).
 */
export const CARD_WIDTHS = [180, 270, 360, 540, 720] as const;
export const CARD_SIZES = '(min-width: 1024px) min(25vw, 300px), (min-width: 720px) 33vw, 50vw';

/**
 * The home's design-of-the-month thumbnail (56 CSS px): offered at one, two and three times that, so
 * its markup does not depend on the screen and the server can draw it (crates/server/src/drawn.rs).
 */
export const PROMO_WIDTHS = [56, 112, 168] as const;
export const PROMO_SIZES = '56px';

/**
 * A product image at each of `widths` for an `<img srcset>` (undefined for an image that is not a
 * product's, or that already names its width: those are shown as they are).
 */
export function imageSrcSet(src: string, quality: number, widths: readonly number[] = GALLERY_WIDTHS): string | undefined {
  if (!src || !PRODUCT_IMAGE.test(src) || sizedImage(src, 100, quality, 1) === src) return undefined;
  return widths.map((w) => `${sizedImage(src, w, quality, 1)} ${w}w`).join(', ');
}

/** The page setting `image_quality` from the session (GET /api/v1/me/); 80 while it loads. */
export function useImageQuality(): number {
  const quality = useQuery({ ...sessionQueryOptions(), select: (me) => me.image_quality });
  return quality.data ?? DEFAULT_IMAGE_QUALITY;
}

// ---------------------------------------------------------------- the width an image is shown at

/** A wider box asks again only once it is this much wider (a window dragged wider asks a few times, not per pixel). */
const ASK_AGAIN_WIDER = 1.1;

let resizes: ResizeObserver | undefined;
const onResize = new WeakMap<Element, (width: number) => void>();

/** One ResizeObserver for every watched box (a listing has dozens). */
function watchWidth(el: Element, seen: (width: number) => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  resizes ??= new ResizeObserver((entries) => {
    for (const e of entries) onResize.get(e.target)?.(e.contentRect.width);
  });
  onResize.set(el, seen);
  resizes.observe(el);
  return () => {
    onResize.delete(el);
    resizes?.unobserve(el);
  };
}

/**
 * The CSS width an element is shown at, for boxes that follow the screen (grid cards, the gallery).
 * Measured when the element attaches, before the browser paints, so give the image its `src` only
 * once this is not null: it is then asked for once, at its size. `fallback` stands in when the box
 * has no layout (hidden, or a test's DOM). It follows the box when it grows (a phone turned), never
 * when it shrinks: the sharper image is already there.
 */
export function useShownWidth<T extends HTMLElement>(fallback: number): [(el: T | null) => (() => void) | undefined, number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const ref = useCallback(
    (el: T | null) => {
      if (!el) return undefined;
      const seen = (w: number) => setWidth((cur) => (cur === null || w > cur * ASK_AGAIN_WIDER ? w : cur));
      seen(el.offsetWidth || fallback);
      return watchWidth(el, (w) => {
        if (w > 0) seen(w);
      });
    },
    [fallback],
  );
  return [ref, width];
}

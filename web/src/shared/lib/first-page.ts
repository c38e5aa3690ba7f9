import { startTransition, useEffect, useState } from 'react';

/**
 * The app's first page, drawn in parts (issue 14, blocking time). The page the HTML showed is drawn by
 * the app in one commit, and the browser lays all of it out in one task: on home, 24 cards took most
 * of a 110–140 ms task on Lighthouse's slowed phone. A long list on that first page draws its first
 * few items in that commit and the rest a few at a time, one part per frame, each at a transition's
 * priority; the product page draws down to its buy bar, then the rest (ProductView). Any later page is
 * drawn whole at once, so Back to a page finds it as long as it was.
 */
let firstAddress: string | null = null;

/** main.tsx, before the first render: the page about to be drawn is the app's first. */
export function beginFirstPage() {
  firstAddress = location.href;
}

/** Once the shopper leaves the first page (main.tsx): pages drawn from now on are drawn whole. */
export function endFirstPage() {
  firstAddress = null;
}

/**
 * Still on the first page. The address is checked as well because endFirstPage runs in an effect,
 * after the commit that draws the next page: a page whose data is already here (a colour seen
 * before, a listing page Back finds in the cache) is drawn in that same commit, and drawn whole,
 * since the address has already moved (the router changes it before it renders).
 */
function onFirstPage(): boolean {
  return firstAddress !== null && location.href === firstAddress;
}

/**
 * How many of `total` items to draw now: all of them, except on the app's first page, where it is
 * `first`, then `step` more each frame until all are drawn.
 */
export function useDrawnCount(total: number, first: number, step: number): number {
  const [limit, setLimit] = useState(() => (onFirstPage() ? first : Number.POSITIVE_INFINITY));
  const done = limit >= total;
  useEffect(() => {
    if (done) return;
    let moved = false;
    const more = () => {
      if (moved) return;
      moved = true;
      startTransition(() => setLimit((n) => n + step));
    };
    // After the next frame, so each part is laid out in a task of its own; a hidden tab draws no
    // frames, hence the timer.
    const frame = requestAnimationFrame(() => setTimeout(more, 0));
    const fallback = setTimeout(more, 200);
    return () => {
      moved = true; // a timer the frame set may still come; this part is no longer the next
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
    };
  }, [limit, done, step]);
  return Math.min(limit, total);
}

/**
 * The clock a page the server drew whole was drawn at (`#root[data-drawn-at]`, in ms), while the app
 * is still on that first page; null otherwise. What the page shows of the time (the offer timer's
 * countdown) is drawn from it first, so that React's hydration finds the server's very markup, and
 * from the device's clock once it has committed (TimerBanner). The mark stays: the page's main part
 * may be hydrated after the shell has committed.
 */
export function drawnClock(): number | null {
  if (typeof document === 'undefined' || !onFirstPage()) return null;
  const at = Number(document.getElementById('root')?.dataset.drawnAt);
  return Number.isFinite(at) && at > 0 ? at : null;
}

import { useState } from 'react';

/**
 * Slide and gesture rules shared by the inline gallery and the full-screen one (a lazy chunk,
 * which imports this from the first-load bundle).
 */

/** Spec 001 §9: a swipe is a horizontal move above 80 px with vertical drift under 50 px. */
export const SWIPE_MIN_X = 80;
export const SWIPE_MAX_Y = 50;

/** Which way a pointer gesture moves the gallery: +1 next, -1 previous, 0 not a swipe. */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) <= SWIPE_MIN_X || Math.abs(dy) >= SWIPE_MAX_Y) return 0;
  return dx < 0 ? 1 : -1;
}

/** Wraps around at both ends (spec 001 §4). */
export function wrapIndex(i: number, n: number): number {
  return n === 0 ? 0 : ((i % n) + n) % n;
}

/** A pointer that barely moved is a tap (opens the full-screen view), not a swipe. */
export const TAP_MAX_MOVE = 10;

/** Videos play on the current slide only; every other one pauses (spec 001 §4). */
export function playOnly(videos: (HTMLVideoElement | null)[], current: number | null): void {
  videos.forEach((v, i) => {
    if (!v) return;
    if (i === current) void v.play()?.catch(() => undefined);
    else v.pause();
  });
}

/** The current slide of `n`, starting at `start`; `go` wraps at both ends. */
export function useSlideIndex(n: number, start = 0): [index: number, go: (i: number) => void] {
  const [index, setIndex] = useState(() => wrapIndex(start, n));
  return [index, (i: number) => setIndex(wrapIndex(i, n))];
}

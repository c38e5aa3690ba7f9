/** Full-screen gallery zoom (spec 001 §1/§4; the 1–8 range is spec 000 §9): scale 1–8, pinch, double-tap and buttons. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 8;
/** Double-tap toggles between 1 and this. */
export const DOUBLE_TAP_ZOOM = 3;
export const DOUBLE_TAP_MS = 300;
/** The + and − buttons double and halve. */
export const ZOOM_STEP = 2;

export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) return ZOOM_MIN;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));
}

/** Scale after a pinch that started at `startDistance` with `startScale` and is now `distance` apart. */
export function pinchZoom(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startScale);
  return clampZoom(startScale * (distance / startDistance));
}

export function doubleTapZoom(scale: number): number {
  return scale > ZOOM_MIN ? ZOOM_MIN : DOUBLE_TAP_ZOOM;
}

/** Keeps a zoomed image covering its box: the offset may move at most (scale − 1) × half the box. */
export function clampPan(x: number, y: number, scale: number, width: number, height: number): { x: number; y: number } {
  const mx = ((scale - 1) * width) / 2;
  const my = ((scale - 1) * height) / 2;
  return { x: Math.max(-mx, Math.min(mx, x)), y: Math.max(-my, Math.min(my, y)) };
}

export function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * Bra Size Calculator (spec 001 §2; only for SKUs starting with 'BR'). The method (documented in
 * web/NOTES.md), the common "modern" one used by Indian and UK retailers:
 *   1. measurements in centimetres are converted to inches (÷ 2.54);
 *   2. band = the under-bust rounded to the nearest whole inch; an odd number goes up one
 *      (bands come in even sizes): 31.6 → 32, 33 → 34, 32.4 → 32;
 *   3. cup = bust − band, rounded to the nearest inch: 0 AA, 1 A, 2 B, 3 C, 4 D, 5 DD/E,
 *      6 F, 7 G, 8 H.
 */
export type MeasureUnit = 'in' | 'cm';

export const CM_PER_INCH = 2.54;
export const CUPS = ['AA', 'A', 'B', 'C', 'D', 'DD/E', 'F', 'G', 'H'] as const;
/** Under-bust measurements we size, in inches. */
export const UNDERBUST_RANGE = { min: 24, max: 50 } as const;

export const BRA_CALC_MESSAGES = {
  missing: 'Please enter both measurements',
  underbustRange: 'Please check your under-bust measurement',
  bustSmaller: 'Your bust should measure more than your under-bust',
  outOfRange: 'These measurements are outside our size range',
} as const;

export type BraSizeResult =
  { ok: true; band: number; cup: (typeof CUPS)[number]; size: string; candidates: string[] } | { ok: false; error: string };

export function isBraSku(sku: string | null | undefined): boolean {
  return /^BR/i.test((sku ?? '').trim());
}

export function toInches(value: number, unit: MeasureUnit): number {
  return unit === 'cm' ? value / CM_PER_INCH : value;
}

export function bandSize(underbustInches: number): number {
  const r = Math.round(underbustInches);
  return r % 2 === 0 ? r : r + 1;
}

export function braSize(underbust: number, bust: number, unit: MeasureUnit): BraSizeResult {
  if (!Number.isFinite(underbust) || !Number.isFinite(bust) || underbust <= 0 || bust <= 0) {
    return { ok: false, error: BRA_CALC_MESSAGES.missing };
  }
  const ub = toInches(underbust, unit);
  const b = toInches(bust, unit);
  if (ub < UNDERBUST_RANGE.min || ub > UNDERBUST_RANGE.max) return { ok: false, error: BRA_CALC_MESSAGES.underbustRange };
  if (b <= ub) return { ok: false, error: BRA_CALC_MESSAGES.bustSmaller };
  const band = bandSize(ub);
  const diff = Math.max(0, Math.round(b - band));
  const cup = CUPS[diff];
  if (!cup) return { ok: false, error: BRA_CALC_MESSAGES.outOfRange };
  const size = `${band}${cup}`;
  return { ok: true, band, cup, size, candidates: cup.split('/').map((c) => `${band}${c}`) };
}

/**
 * Bra Size Calculator (spec 001 §2; only for SKUs starting with 'BR'). The rule is the size table's
 * (crates/domain/src/fit.rs), which also draws the size chart and makes the demo's sizes; this file
 * follows it and is tested against every case of testdata/bra_sizes.json, which the Rust tests write:
 *   1. measurements in centimetres are converted to inches (÷ 2.54);
 *   2. band = under-bust + about 4 in, taken to the even size: under-bust 29.5 to under 31.5 is 34;
 *   3. cup = bust − band, to the nearest inch: 1 A, 2 B, 3 C, 4 D, 5 DD/E, 6 F.
 * So a chart row (34B: under-bust 30.5, bust 36) typed in answers its own size.
 */
export type MeasureUnit = 'in' | 'cm';

export const CM_PER_INCH = 2.54;
/** One cup per inch of bust over the band, from 1 inch. */
export const CUPS = ['A', 'B', 'C', 'D', 'DD/E', 'F'] as const;
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

/** The band for an under-bust in inches (half-inch boundaries go up, as a tape rounds). */
export function bandSize(underbustInches: number): number {
  return 2 * Math.floor((underbustInches + 3.5) / 2 + 0.5);
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
  const inches = Math.floor(b - band + 0.5);
  const cup = inches >= 1 ? CUPS[inches - 1] : undefined;
  if (!cup) return { ok: false, error: BRA_CALC_MESSAGES.outOfRange };
  const size = `${band}${cup}`;
  return { ok: true, band, cup, size, candidates: cup.split('/').map((c) => `${band}${c}`) };
}

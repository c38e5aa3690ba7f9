import { readFileSync } from 'node:fs';

/** The validation vectors shared with the Rust tests (repo root testdata/). */
export interface Vectors {
  mobile: ValidInvalid;
  phone: ValidInvalid;
  numeric: ValidInvalid;
  email_lenient: ValidInvalid;
  email_strict: ValidInvalid & { extra_tld: string };
  pincode: ValidInvalid;
  ifsc: ValidInvalid;
  vpa: ValidInvalid;
  review: {
    cases: { headline: string; comment: string; public_name: string; expected: string | null }[];
  };
  inr: { cases: [number, string][] };
}
interface ValidInvalid {
  valid: string[];
  invalid: string[];
}

const file = new URL('../../../testdata/validation_vectors.json', import.meta.url);
export const vectors: Vectors = JSON.parse(readFileSync(file, 'utf8'));

/** The bra size table's chart and cases, written by crates/domain/src/fit.rs's tests. */
export interface BraVectors {
  sizes_on_sale: string[];
  chart: { size: string; underbust_in: number; bust_in: number; underbust_cm: number; bust_cm: number }[];
  cases_in_inches: [number, number, string][];
}
export const braVectors: BraVectors = JSON.parse(readFileSync(new URL('../../../testdata/bra_sizes.json', import.meta.url), 'utf8'));

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

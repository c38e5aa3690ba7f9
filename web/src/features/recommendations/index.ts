// Loaded lazily by the product page: nothing here may be imported by first-load code.
export { BelowTheFold } from './components/BelowTheFold';

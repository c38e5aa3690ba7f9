// Loaded lazily by the product page: nothing here may be imported by first-load code.
export { RatingsAndReviews } from './components/RatingsAndReviews';

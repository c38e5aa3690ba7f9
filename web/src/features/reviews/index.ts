// Loaded lazily by the product page: nothing here may be imported by first-load code.
export { RatingsAndReviews } from './components/RatingsAndReviews';
// The rating page (/product-nps/, a lazy route) rates a product with the same block.
export { RateProduct } from './components/RateProduct';

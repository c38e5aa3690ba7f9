/** The checkout's pages. */
export const CHECKOUT_PATH = '/checkout/';
export const CHECKOUT_LOGIN = `/login?next=${encodeURIComponent(CHECKOUT_PATH)}`;
export const ORDERS_PATH = '/order/history/';
export const completePath = (orderId: string) => `/checkout/complete/?order_id=${encodeURIComponent(orderId)}`;
export const retryPath = (orderId: string) => `/retrypayment/?order_id=${encodeURIComponent(orderId)}`;
/** Account settings, where a shopper adds the e-mail address paying online may need. */
export const SETTINGS_PATH = '/account/settings';

import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { lazyLoaded } from '@/shared/lib/lazy-loaded';
import { AppLayout } from './layout/AppLayout';
import { HomeRoute } from './routes/home';
import { ProductRoute } from './routes/product';

/*
 * Every client route in one place; paths are the spec's where it names them (000 §2, 001 §2), ours
 * (docs/api.md) where it does not. Home and product are
 * in the first bundle (the pages shoppers land on); everything else loads on demand.
 * Declarative routes keep React Router's share of the first load at about 15 KB gzipped
 * (the data router costs about 35 KB), which keeps the product page under its 120 KB budget.
 */

const LoginRoute = lazy(async () => ({ default: (await import('./routes/login')).LoginRoute }));
const CategoryRedirectRoute = lazy(async () => ({ default: (await import('./routes/listing')).CategoryRedirectRoute }));
const catchAll = lazyLoaded(async () => (await import('./routes/catch-all')).CatchAllRoute);
const CatchAllRoute = catchAll.Component;
/** The code of a category's page (the catch-all route's), asked for before the first render (first-data.ts). */
export const loadCategoryPage = catchAll.load;
const CartRoute = lazy(async () => ({ default: (await import('./routes/cart')).CartRoute }));
const OrdersRoute = lazy(async () => ({ default: (await import('./routes/orders')).OrdersRoute }));
const OrderDetailRoute = lazy(async () => ({ default: (await import('./routes/orders')).OrderDetailRoute }));
const ReturnRoute = lazy(async () => ({ default: (await import('./routes/order-return')).ReturnRoute }));
const RetryPaymentRoute = lazy(async () => ({ default: (await import('./routes/retry-payment')).RetryPaymentRoute }));
const ProductNpsRoute = lazy(async () => ({ default: (await import('./routes/product-nps')).ProductNpsRoute }));
const WishlistRoute = lazy(async () => ({ default: (await import('./routes/wishlist')).WishlistRoute }));
const CheckoutRoute = lazy(async () => ({ default: (await import('./routes/checkout')).CheckoutRoute }));
const CheckoutCompleteRoute = lazy(async () => ({ default: (await import('./routes/checkout-complete')).CheckoutCompleteRoute }));
const SearchRoute = lazy(async () => ({ default: (await import('./routes/listing')).SearchRoute }));
const WalletRoute = lazy(async () => ({ default: (await import('./routes/wallet')).WalletRoute }));
const CouponsRoute = lazy(async () => ({ default: (await import('./routes/account')).CouponsRoute }));
const RecentlyViewedRoute = lazy(async () => ({ default: (await import('./routes/account')).RecentlyViewedRoute }));
const NotificationsRoute = lazy(async () => ({ default: (await import('./routes/account')).NotificationsRoute }));
const ContactRoute = lazy(async () => ({ default: (await import('./routes/account')).ContactRoute }));
const SettingsRoute = lazy(async () => ({ default: (await import('./routes/account')).SettingsRoute }));
const AddressBookRoute = lazy(async () => ({ default: (await import('./routes/address-book')).AddressBookRoute }));
const ReturnPolicyRoute = lazy(async () => ({ default: (await import('./routes/pages')).ReturnPolicyRoute }));
const PackagingRoute = lazy(async () => ({ default: (await import('./routes/pages')).PackagingRoute }));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path="product/:slug" element={<ProductRoute />} />
        <Route path="login" element={<LoginRoute />} />
        <Route path="category/:slug" element={<CategoryRedirectRoute />} />
        <Route path="view-cart" element={<CartRoute />} />
        <Route path="order/history" element={<OrdersRoute />} />
        <Route path="order/app/history" element={<OrdersRoute />} />
        {/* spec 000 §2: the app variant is the page under /my-orders-app/ */}
        <Route path="my-orders-app/*" element={<OrdersRoute />} />
        <Route path="order/detail/:orderId" element={<OrderDetailRoute />} />
        <Route path="order/return/:orderId" element={<ReturnRoute />} />
        <Route path="retrypayment" element={<RetryPaymentRoute />} />
        <Route path="product-nps" element={<ProductNpsRoute />} />
        <Route path="wishlist" element={<WishlistRoute />} />
        <Route path="checkout" element={<CheckoutRoute />} />
        <Route path="checkout/complete" element={<CheckoutCompleteRoute />} />
        <Route path="search" element={<SearchRoute />} />
        <Route path="account/wallet" element={<WalletRoute />} />
        <Route path="account/coupons" element={<CouponsRoute />} />
        <Route path="account/recently-viewed" element={<RecentlyViewedRoute />} />
        <Route path="account/notifications" element={<NotificationsRoute />} />
        <Route path="account/contact" element={<ContactRoute />} />
        <Route path="account/settings" element={<SettingsRoute />} />
        <Route path="address-book" element={<AddressBookRoute />} />
        <Route path="pages/return-policy" element={<ReturnPolicyRoute />} />
        <Route path="pages/packaging" element={<PackagingRoute />} />
        {/* /best-{category}-design-of-{month-year}/ has its parameter inside a segment, which a
            path pattern cannot express: the catch-all matches it by regex and 404s the rest. */}
        <Route path="*" element={<CatchAllRoute />} />
      </Route>
    </Routes>
  );
}

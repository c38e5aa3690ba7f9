import { useState } from 'react';
import { ContactPage } from '@/features/account/components/ContactPage';
import { CouponsPage } from '@/features/account/components/CouponsPage';
import { NotificationsPage } from '@/features/account/components/NotificationsPage';
import { RecentlyViewedPage } from '@/features/account/components/RecentlyViewedPage';
import { SettingsPage } from '@/features/account/components/SettingsPage';
import { ProductCard } from '@/features/catalog/components/ProductCard';
import '@/features/catalog/components/catalog.css';
import { readViewed, writeViewed } from '@/features/recommendations/recently-viewed';
import { AddToBagProvider } from '../layout/AddToBagProvider';

/*
 * The account pages (issue 13): one lazy chunk. Where a page needs another feature (the catalog's product
 * card, the browser's recently-viewed list kept by the recommendations), it is composed here: a feature
 * imports no other feature.
 */

/** /account/coupons */
export function CouponsRoute() {
  return <CouponsPage />;
}

/** /account/recently-viewed: the catalog's cards (with Add to bag); a guest's list is this browser's. */
export function RecentlyViewedRoute() {
  const [deviceIds, setDeviceIds] = useState(readViewed);
  return (
    <AddToBagProvider>
      <RecentlyViewedPage
        deviceIds={deviceIds}
        onClearDevice={() => {
          writeViewed([]);
          setDeviceIds([]);
        }}
        renderCard={(product, i) => <ProductCard product={product} eager={i < 4} />}
      />
    </AddToBagProvider>
  );
}

/** /account/notifications (the account menu's Notifications, with the unread count). */
export function NotificationsRoute() {
  return <NotificationsPage />;
}

/** /account/contact (guests too). */
export function ContactRoute() {
  return <ContactPage />;
}

/** /account/settings, with deleting the account. */
export function SettingsRoute() {
  return <SettingsPage />;
}

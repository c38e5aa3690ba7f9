import { PackagingPage } from '@/features/pages/components/PackagingPage';
import { ReturnPolicyPage } from '@/features/pages/components/ReturnPolicyPage';

/** /pages/return-policy/ and /pages/packaging/: one small lazy chunk for both information pages. */
export function ReturnPolicyRoute() {
  return <ReturnPolicyPage />;
}

export function PackagingRoute() {
  return <PackagingPage />;
}

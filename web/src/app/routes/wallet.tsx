import { WalletPage } from '@/features/wallet/components/WalletPage';

/** /account/wallet: a lazy chunk of its own. */
export function WalletRoute() {
  return <WalletPage />;
}

import { Icon } from '@/shared/components/ui/Icon';

/** The app_wallet tab (spec 000 §4) as a switch: the balance goes first, the rest by the chosen method. */
export function WalletToggle({
  balanceUi,
  on,
  usedUi,
  covers,
  disabled,
  onChange,
}: {
  balanceUi: string;
  on: boolean;
  usedUi: string;
  covers: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <section className="co-card co-wallet" data-testid="wallet-toggle">
      <label className="co-wallet__switch">
        <span className="co-wallet__icon" aria-hidden="true">
          <Icon name="wallet" size={20} />
        </span>
        <span className="co-wallet__text">Use wallet balance {balanceUi}</span>
        <input type="checkbox" role="switch" checked={on} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      </label>
      {on ? (
        <p className="co-wallet__note" data-testid="wallet-note">
          {covers ? `Your wallet covers this order: ${usedUi} will be used.` : `${usedUi} from your wallet; pay the rest below.`}
        </p>
      ) : null}
    </section>
  );
}

import { Icon } from '@/shared/components/ui/Icon';
import { Spinner } from '@/shared/components/ui/Spinner';

/**
 * The amount and the Pay button, sticky at the bottom on phones. `blocked` says why the button sleeps
 * (no method chosen, a form not complete, no delivery); the shopper never has to guess.
 */
export function PayBar({
  amountUi,
  label,
  blocked,
  busy,
  onPay,
  withDetails = true,
}: {
  amountUi: string;
  label: string;
  blocked: string | null;
  busy: boolean;
  onPay: () => void;
  /** a link to the price breakup above (checkout has one; the retry page does not) */
  withDetails?: boolean;
}) {
  return (
    <div className="co-paybar" data-testid="pay-bar">
      <div className="co-paybar__inner">
        <div className="co-paybar__total">
          <span className="co-paybar__amount" data-testid="pay-amount">
            {amountUi}
          </span>
          {withDetails ? (
            <a href="#co-price" className="co-paybar__details">
              View price details
            </a>
          ) : (
            <span className="co-paybar__details co-paybar__details--plain">Amount to pay</span>
          )}
        </div>
        <button
          type="button"
          className="button button--primary co-paybar__button"
          disabled={blocked !== null || busy}
          aria-busy={busy}
          aria-describedby={blocked ? 'co-pay-blocked' : undefined}
          onClick={onPay}
          data-testid="pay-button"
        >
          {busy ? <Spinner size={18} label="Working" /> : <Icon name="lock" size={18} />}
          {label}
        </button>
      </div>
      {blocked ? (
        <p className="co-paybar__blocked" id="co-pay-blocked">
          {blocked}
        </p>
      ) : (
        <p className="co-paybar__secure">Payments are processed securely. Drape never stores your card number.</p>
      )}
    </div>
  );
}

import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { formatINR } from '@/shared/lib/money';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useToast } from '@/shared/components/ui/toast-context';
import { useCoupon } from '../api/cart-mutations';
import { useViewOffers } from '../api/get-view-offers';

/** 'View offers': the coupons (Apply for the ones that fit this cart, the reason for the rest) and offers. */
export function OffersModal({ cartId, applied, onClose }: { cartId: number; applied: string; onClose: () => void }) {
  const toast = useToast();
  const offers = useViewOffers(cartId, true);
  const coupon = useCoupon(cartId);
  const [failed, setFailed] = useState<{ code: string; message: string } | null>(null);

  const apply = async (code: string) => {
    setFailed(null);
    try {
      await coupon.mutateAsync(code);
      toast.success(`Coupon ${code} applied`);
      onClose();
    } catch (e) {
      setFailed({ code, message: errorMessage(e) });
    }
  };

  return (
    <Modal open title="Offers for you" onClose={onClose} variant="sheet" id="view-offers" className="cart-offers">
      {offers.isPending ? (
        <div className="cart-offers__loading">
          <Spinner label="Loading offers" />
        </div>
      ) : offers.isError ? (
        <div className="cart-offers__loading">
          <p className="form-error">{errorMessage(offers.error)}</p>
          <button type="button" className="button button--secondary" onClick={() => void offers.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="cart-offers__body" data-testid="offers-list">
          {offers.data.bundles_applied.length > 0 ? (
            <section>
              <h3 className="cart-offers__heading">Applied to your cart</h3>
              <ul className="cart-offers__list">
                {offers.data.bundles_applied.map((b) => (
                  <li key={b.key} className="cart-offers__offer cart-offers__offer--done">
                    <span>{b.title}</span>
                    <span className="cart-offers__amount">−{b.discount_ui}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {offers.data.remaining_offers.length > 0 ? (
            <section>
              <h3 className="cart-offers__heading">Almost yours</h3>
              <ul className="cart-offers__list">
                {offers.data.remaining_offers.map((o) => (
                  <li key={o.title} className="cart-offers__offer">
                    {o.message}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {offers.data.upgrades.length > 0 ? (
            <section>
              <h3 className="cart-offers__heading">Upgrade offers (in place of a coupon)</h3>
              <ul className="cart-offers__list">
                {offers.data.upgrades.map((u) => (
                  <li
                    key={u.id}
                    className={`cart-offers__offer${u.selected && u.unlocked ? ' cart-offers__offer--done' : ''}`}
                    data-testid="offer-upgrade"
                  >
                    <span>{u.title}</span>
                    <span className="cart-offers__amount">
                      {u.selected && u.unlocked ? 'Taken' : u.unlocked ? 'Unlocked' : `Add ${formatINR(u.amount_short)} more`}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section>
            <h3 className="cart-offers__heading">Coupons</h3>
            {offers.data.coupons.length === 0 ? <p className="muted">No coupons are running right now.</p> : null}
            <ul className="cart-offers__list">
              {offers.data.coupons.map((c) => {
                const isApplied = c.code === applied;
                return (
                  <li
                    key={c.code}
                    className={`cart-offers__coupon${c.applicable ? '' : ' cart-offers__coupon--off'}`}
                    data-testid="offer-coupon"
                  >
                    <div className="cart-offers__coupon-text">
                      <span className="cart-offers__code">{c.code}</span>
                      <p className="cart-offers__desc">{c.description}</p>
                      {!c.applicable && c.reason ? <p className="cart-offers__reason">{c.reason}</p> : null}
                      {failed?.code === c.code ? (
                        <p className="form-error" role="alert">
                          {failed.message}
                        </p>
                      ) : null}
                    </div>
                    {isApplied ? (
                      <span className="cart-offers__applied">Applied</span>
                    ) : c.applicable ? (
                      <button
                        type="button"
                        className="button button--secondary cart-offers__apply"
                        onClick={() => void apply(c.code)}
                        disabled={coupon.isPending}
                        aria-label={`Apply ${c.code}`}
                      >
                        Apply
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        </div>
      )}
    </Modal>
  );
}

import { useId } from 'react';
import { Link } from 'react-router';
import type { MyCoupon } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { useToast } from '@/shared/components/ui/toast-context';
import { copyText } from '@/shared/lib/clipboard';
import { minOrderText, usesLeftText, useShopper } from '../account';
import { useMyCoupons } from '../api/get-my-coupons';
import { AccountLoading, AccountShell, LoadError } from './AccountShell';

const NEXT = '/account/coupons';

/**
 * Coupons (/account/coupons, the account menu's Coupons): what the visitor can use now, soonest to end
 * first, each with its code to copy, its terms, minimum order, expiry and uses left. Guests see the
 * coupons open to everyone, and are told that logging in may show more.
 */
export function CouponsPage() {
  const { session, userId } = useShopper();
  const coupons = useMyCoupons(userId, !session.isPending);

  let body;
  if (session.isPending || coupons.isPending) {
    body = <AccountLoading label="Loading your coupons" />;
  } else if (!coupons.data) {
    body = (
      <LoadError
        what="your coupons"
        error={coupons.error}
        onRetry={() => void coupons.refetch()}
        retrying={coupons.isFetching}
        testId="coupons-error"
      />
    );
  } else if (coupons.data.coupons.length === 0) {
    body = (
      <div className="empty-panel ac-empty" data-testid="coupons-empty">
        <span className="empty-panel__icon ac-icon" aria-hidden="true">
          <Icon name="ticket" size={30} />
        </span>
        <h2 className="empty-panel__title">No coupons right now</h2>
        <p className="empty-panel__text">When Drape runs an offer with a coupon code, you will find it here, with its terms.</p>
        <Link to="/" className="button button--primary">
          Continue shopping
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <p className="ac-lead">Copy a code and apply it in your bag. Each coupon’s terms are on its card.</p>
        <ul className="cp-list" data-testid="coupons">
          {coupons.data.coupons.map((c) => (
            <CouponCard key={c.code} coupon={c} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <AccountShell title="Coupons" testId="coupons-page">
      <h1 className="ac-title">Coupons</h1>
      {userId === null && !session.isPending ? (
        <p className="ac-note" data-testid="coupons-guest">
          <Icon name="user" size={18} />
          <span>
            These coupons are open to everyone.{' '}
            <Link to={`/login?next=${encodeURIComponent(NEXT)}`} className="ac-note__link">
              Log in
            </Link>{' '}
            to see the ones meant for you.
          </span>
        </p>
      ) : null}
      {body}
    </AccountShell>
  );
}

function CouponCard({ coupon }: { coupon: MyCoupon }) {
  const toast = useToast();
  const titleId = useId();
  const usesLeft = usesLeftText(coupon.uses_left);
  const copy = async () => {
    try {
      await copyText(coupon.code);
      toast.success(`Code ${coupon.code} copied`);
    } catch {
      toast.error(`We couldn’t copy the code. Please type ${coupon.code} in your bag.`);
    }
  };
  return (
    <li className="cp-card" aria-labelledby={titleId} data-testid="coupon">
      <div className="cp-card__top">
        <span className="cp-card__icon" aria-hidden="true">
          <Icon name="ticket" size={20} />
        </span>
        <h2 id={titleId} className="cp-card__title" data-testid="coupon-title">
          {coupon.title}
        </h2>
      </div>
      <div className="cp-card__code-row">
        <p className="cp-card__code">
          <span className="visually-hidden">Code </span>
          <span data-testid="coupon-code">{coupon.code}</span>
        </p>
        <button
          type="button"
          className="button button--secondary cp-card__copy"
          onClick={() => void copy()}
          aria-label={`Copy code ${coupon.code}`}
        >
          <Icon name="copy" size={16} />
          Copy code
        </button>
      </div>
      {coupon.description ? (
        <p className="cp-card__terms" data-testid="coupon-terms">
          {coupon.description}
        </p>
      ) : null}
      <ul className="cp-card__facts">
        <li data-testid="coupon-min-order">{minOrderText(coupon)}</li>
        <li data-testid="coupon-ends">
          <time dateTime={coupon.ends_at}>{coupon.ends_ui}</time>
        </li>
        {usesLeft ? <li data-testid="coupon-uses">{usesLeft}</li> : null}
      </ul>
    </li>
  );
}

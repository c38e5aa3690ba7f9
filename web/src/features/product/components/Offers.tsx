import { Link } from 'react-router';
import type { Offer } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { isInternalPath, isOfferApplied, offerHref, truncateOffer } from '../offers';

/**
 * Offers from /bp_pp_product_details_page/ (spec 001 §2, §9): the message cut to 24 characters;
 * the action opens the cart once the cart holds enough pieces, else the offer's own page.
 */
export function Offers({ offers }: { offers: Offer[] }) {
  if (offers.length === 0) return null;
  return (
    <ul className="offers" aria-label="Offers" data-testid="offers">
      {offers.map((o, i) => {
        const applied = isOfferApplied(o);
        const href = offerHref(o);
        const action = applied ? 'Offer applied · View cart' : o.count > o.qty && o.qty > 0 ? `Add ${o.count - o.qty} more` : 'View offer';
        const label = `${o.msg}. ${applied ? 'Offer applied, view cart' : action}`;
        const body = (
          <>
            <span className="offers__icon" aria-hidden="true">
              <Icon name="tag" size={18} />
            </span>
            <span className="offers__text">
              <span className="offers__msg">{truncateOffer(o.msg)}</span>
              {/* the spec cuts the headline at 24 characters; a phone has no tooltip, so the whole offer
                  (with its price) is written out under it */}
              {truncateOffer(o.msg) !== o.msg.trim() ? (
                <span className="offers__sub" data-testid="offer-full">
                  {o.msg}
                </span>
              ) : null}
              {o.message && o.message !== o.msg ? <span className="offers__sub">{o.message}</span> : null}
            </span>
            <span className={`offers__action${applied ? ' offers__action--applied' : ''}`}>
              {applied ? <Icon name="check" size={14} /> : null}
              {action}
              <Icon name="chevronRight" size={14} />
            </span>
          </>
        );
        return (
          <li key={i}>
            {isInternalPath(href) ? (
              <Link to={href} className="offers__item" aria-label={label}>
                {body}
              </Link>
            ) : (
              <a href={href} className="offers__item" aria-label={label} rel="noopener">
                {body}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

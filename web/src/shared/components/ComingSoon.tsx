import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from './ui/Icon';

/**
 * The honest placeholder for a screen that is not built yet: it says so, inside the real
 * layout, and offers the way back to shopping. Nothing on it pretends to work.
 */
export function ComingSoon({ title, icon = 'clock', children }: { title: string; icon?: IconName; children?: ReactNode }) {
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <title>{`${title} · Drape`}</title>
      <div className="coming-soon__icon">
        <Icon name={icon} size={30} />
      </div>
      <h1 id="coming-soon-title" className="coming-soon__title">
        {title}
      </h1>
      <p className="coming-soon__badge">Coming soon</p>
      <p className="coming-soon__text">{children ?? 'We are still putting this page together. It will be ready shortly.'}</p>
      <Link to="/" className="button button--primary">
        Continue shopping
      </Link>
    </section>
  );
}

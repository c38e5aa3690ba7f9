import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AccountPage } from '@/shared/components/AccountPage';
import { Icon, type IconName } from '@/shared/components/ui/Icon';
import './pages.css';

/**
 * The frame of a store information page (returns, packaging): breadcrumb, title and lead, short
 * sections, and a closing panel with the way to help and to the other page.
 */
export function PolicyPage({
  title,
  lead,
  testId,
  children,
  related,
}: {
  title: string;
  lead: ReactNode;
  testId: string;
  children: ReactNode;
  /** the other information page, offered at the end */
  related: { to: string; label: string };
}) {
  return (
    <AccountPage title={title} className="pg" testId={testId}>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/">Home</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{title}</span>
      </nav>
      <header className="pg-head">
        <h1 className="pg-title">{title}</h1>
        <p className="pg-lead">{lead}</p>
      </header>
      {children}
      <aside className="pg-help" aria-label="More help">
        <p className="pg-help__text">Still have a question? We are happy to help.</p>
        <div className="pg-help__links">
          <Link to="/account/contact" className="button button--secondary">
            Contact us
          </Link>
          <Link to={related.to} className="link-button">
            {related.label}
          </Link>
        </div>
      </aside>
    </AccountPage>
  );
}

/** Three facts at a glance, at the top of a page. */
export function PolicyFacts({ facts }: { facts: { icon: IconName; title: string; text: string }[] }) {
  return (
    <ul className="pg-facts" aria-label="At a glance">
      {facts.map((f) => (
        <li key={f.title} className="pg-fact">
          <span className="pg-fact__icon" aria-hidden="true">
            <Icon name={f.icon} size={20} />
          </span>
          <span className="pg-fact__title">{f.title}</span>
          <span className="pg-fact__text">{f.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** One short section under its own heading; `id` makes it linkable (#id). */
export function PolicySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="pg-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="pg-section__title">
        {title}
      </h2>
      <div className="pg-section__body">{children}</div>
    </section>
  );
}

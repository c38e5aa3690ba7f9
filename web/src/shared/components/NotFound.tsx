import { Link } from 'react-router';

export function NotFound({
  title = 'Page not found',
  text = 'The page you are looking for has moved or never existed.',
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section className="not-found" data-testid="not-found">
      <title>{`${title} · Drape`}</title>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">{title}</h1>
      <p className="not-found__text">{text}</p>
      <Link to="/" className="button button--primary">
        Back to the shop
      </Link>
    </section>
  );
}

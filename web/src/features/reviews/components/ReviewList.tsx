import { useRef, useState } from 'react';
import { Icon } from '@/shared/components/ui/Icon';
import { formatCount } from '@/shared/lib/money';
import { useReviews } from '../api/get-reviews';
import { RATING_MESSAGES, REVIEW_PLACEHOLDERS, showPagination, toReview, type ReviewView } from '../rules';

function ReviewItem({ review }: { review: ReviewView }) {
  return (
    <li className="rv-review" data-testid="review">
      <div className="rv-review__top">
        <span className={`rv-review__stars rv-review__stars--${review.stars}`} aria-label={`${review.stars} out of 5 stars`}>
          {review.stars}
          <Icon name="star" size={11} />
        </span>
        {review.title ? <h3 className="rv-review__title">{review.title}</h3> : null}
      </div>
      {review.description ? <p className="rv-review__text">{review.description}</p> : null}
      <p className="rv-review__meta">
        <span className="rv-review__name">{review.name}</span>
        {review.verified ? <span className="rv-review__verified">Verified buyer</span> : null}
        {review.date ? <span className="rv-review__date">{review.date}</span> : null}
      </p>
    </li>
  );
}

function Placeholders() {
  return (
    <ul className="rv-reviews" aria-busy="true" aria-label="Loading reviews" data-testid="review-placeholders">
      {Array.from({ length: REVIEW_PLACEHOLDERS }, (_, i) => (
        <li key={i} className="rv-review rv-review--placeholder">
          <div className="skeleton skeleton--line rv-review__ph-title" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
        </li>
      ))}
    </ul>
  );
}

/** Customer reviews, 5 a page, with Previous/Next only when there is more than one page. */
export function ReviewList({ slug }: { slug: string }) {
  const [page, setPage] = useState(1);
  const query = useReviews(slug, page);
  const top = useRef<HTMLHeadingElement>(null);
  const data = query.isError ? undefined : query.data;
  const rows = (data?.object_list ?? []).map(toReview);
  const total = data?.total_reviews ?? 0;

  function go(n: number) {
    setPage(n);
    const el = top.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }

  let body;
  if (query.isPending) body = <Placeholders />;
  else if (query.isError || rows.length === 0) {
    // Spec 001 §8: a failed fetch is treated as no reviews.
    body = (
      <p className="rv-empty" data-testid="no-reviews">
        {RATING_MESSAGES.noReviews}
      </p>
    );
  } else {
    body = (
      <ul className={`rv-reviews${query.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={query.isPlaceholderData}>
        {rows.map((r) => (
          <ReviewItem key={r.id} review={r} />
        ))}
      </ul>
    );
  }

  return (
    <section className="rv-section" aria-labelledby="rv-reviews-title" data-testid="reviews">
      <h2 id="rv-reviews-title" className="rv-heading" ref={top}>
        Customer Reviews
        {total > 0 ? <span className="rv-heading__count"> ({formatCount(total)})</span> : null}
      </h2>
      {body}
      {data && rows.length > 0 && showPagination(data) ? (
        <nav className="rv-pager" aria-label="Review pages">
          <button
            type="button"
            className="rv-pager__btn"
            disabled={!data.has_previous || query.isPlaceholderData}
            onClick={() => go(data.previous_page_number ?? Math.max(1, data.number - 1))}
          >
            <Icon name="chevronLeft" size={16} />
            Previous
          </button>
          <span className="rv-pager__status" aria-live="polite">
            Page {data.number} of {data.num_pages}.
          </span>
          <button
            type="button"
            className="rv-pager__btn"
            disabled={!data.has_next || query.isPlaceholderData}
            onClick={() => go(data.next_page_number ?? data.number + 1)}
          >
            Next
            <Icon name="chevronRight" size={16} />
          </button>
        </nav>
      ) : null}
    </section>
  );
}

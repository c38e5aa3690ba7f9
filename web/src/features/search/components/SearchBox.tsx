import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '@/shared/api/client';
import type { ProductCard, SearchSuggestions } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { sizedImage, useImageQuality } from '@/shared/lib/images';
import { productPath } from '@/shared/lib/product-path';
import { useSuggestions } from '../api/search';
import { resultsPath, SUGGEST_DELAY_MS, SUGGEST_FROM } from '../search';
import './search.css';

/** The words typed, settled for `delay` ms (suggestions are asked once the shopper pauses). */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(t);
  }, [value, delay]);
  return settled;
}

/**
 * The search field with its suggestions from the second character (spec 000 §4): categories,
 * products with image and price, and completions of the words. Enter opens the results page.
 * `children` is what the screen shows while there is nothing to suggest (recent and popular searches).
 */
export function SearchBox({
  initial = '',
  autoFocus = false,
  children,
}: {
  initial?: string;
  autoFocus?: boolean;
  children?: React.ReactNode;
}) {
  const [text, setText] = useState(initial);
  const [focused, setFocused] = useState(autoFocus);
  const navigate = useNavigate();
  const words = useSettled(text.trim(), SUGGEST_DELAY_MS);
  const suggest = useSuggestions(words);
  const listId = useId();
  // on a results page the suggestions show only while the shopper is changing the words
  const showSuggestions = text.trim().length >= SUGGEST_FROM && (autoFocus || (focused && text.trim() !== initial));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    setFocused(false);
    (document.activeElement as HTMLElement | null)?.blur();
    navigate(resultsPath(q));
  };

  return (
    <div className="search-box">
      <form role="search" className="search-box__form" onSubmit={submit}>
        <Icon name="search" size={20} className="search-box__icon" />
        <label htmlFor={`${listId}-input`} className="visually-hidden">
          Search for products
        </label>
        <input
          id={`${listId}-input`}
          type="search"
          className="search-box__input"
          placeholder="Search bras, panties, nightwear…"
          value={text}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          // the search screen exists to type into
          autoFocus={autoFocus}
          onChange={(e) => setText(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => window.setTimeout(() => setFocused(false), 150)}
          aria-controls={showSuggestions ? listId : undefined}
          data-testid="search-input"
        />
        {text ? (
          <button type="button" className="search-box__clear" aria-label="Clear search" onClick={() => setText('')}>
            <Icon name="close" size={18} />
          </button>
        ) : null}
      </form>
      {showSuggestions ? (
        <div id={listId} className="search-box__suggestions" data-testid="suggestions">
          {suggest.data && suggest.data.q.length > 0 ? (
            <Suggestions data={suggest.data} />
          ) : suggest.isError ? (
            <p className="form-error">{errorMessage(suggest.error)}</p>
          ) : (
            <p className="search-box__hint">Looking…</p>
          )}
        </div>
      ) : (
        children
      )}
    </div>
  );
}

function Suggestions({ data }: { data: SearchSuggestions }) {
  const nothing = data.categories.length === 0 && data.products.length === 0 && data.completions.length === 0;
  if (nothing) {
    return (
      <p className="search-box__hint" data-testid="no-suggestions">
        No suggestions for “{data.q}”. Press search to see what comes closest.
      </p>
    );
  }
  return (
    <>
      {data.corrected && data.corrected !== data.q ? (
        <p className="search-box__hint" data-testid="suggest-corrected">
          Showing suggestions for “{data.corrected}”
        </p>
      ) : null}
      {data.completions.length > 0 ? (
        <ul className="suggest-list" aria-label="Searches">
          {data.completions.map((c) => (
            <li key={c}>
              <Link to={resultsPath(c)} className="suggest-row" data-testid="suggest-completion">
                <Icon name="search" size={16} />
                <span>{c}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {data.categories.length > 0 ? (
        <ul className="suggest-list" aria-label="Categories">
          {data.categories.map((c) => (
            <li key={c.id}>
              <Link to={c.url} className="suggest-row" data-testid="suggest-category">
                <Icon name="tag" size={16} />
                <span>
                  in <strong>{c.name}</strong>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {data.products.length > 0 ? <ProductRows products={data.products} label="Products" testId="suggest-product" /> : null}
    </>
  );
}

/** Products as compact rows: a thumbnail, the name and the price. */
export function ProductRows({ products, label, testId }: { products: ProductCard[]; label: string; testId: string }) {
  const quality = useImageQuality();
  return (
    <ul className="suggest-products" aria-label={label}>
      {products.map((p) => (
        <li key={p.id}>
          <Link to={productPath(p)} className="suggest-product" data-testid={testId}>
            <img src={sizedImage(p.img, 48, quality)} alt="" width={48} height={64} loading="lazy" decoding="async" />
            <span className="suggest-product__text">
              <span className="suggest-product__name">
                {p.name}
                {p.color_name ? <span className="suggest-product__colour"> · {p.color_name}</span> : null}
              </span>
              <span className="suggest-product__price">
                {p.rounded_up_unit_price_ui}
                {p.offer_tag && !p.is_soldout ? <span className="price-off">{p.offer_tag}</span> : null}
                {p.is_soldout ? <span className="suggest-product__soldout">Sold out</span> : null}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

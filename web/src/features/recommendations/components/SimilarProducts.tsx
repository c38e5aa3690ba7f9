import { useState } from 'react';
import type { ProductCard } from '@/shared/api/types';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { useMoreLikeThis } from '../api/get-more-like-this';
import { Rail } from './Rail';
import { RecCard } from './RecCard';

const others = (list: ProductCard[] | undefined, id: number) => (list ?? []).filter((p) => p.id !== id);

/** One page of the 'Similar Products' modal; pages share the rail's cache (page 0 is the rail's). */
function SimilarPage({ productId, page }: { productId: number; page: number }) {
  const q = useMoreLikeThis(productId, page);
  return (
    <>
      {others(q.data?.products, productId).map((p) => (
        <li key={p.id}>
          <RecCard product={p} />
        </li>
      ))}
    </>
  );
}

function SimilarModal({ productId, open, onClose }: { productId: number; open: boolean; onClose: () => void }) {
  const [pages, setPages] = useState(1);
  const last = useMoreLikeThis(productId, pages - 1);
  return (
    <Modal open={open} title="Similar Products" onClose={onClose} variant="sheet" id="similar-products">
      <ul className="rec-grid" data-testid="similar-grid">
        {Array.from({ length: pages }, (_, page) => (
          <SimilarPage key={page} productId={productId} page={page} />
        ))}
      </ul>
      <div className="rec-grid__more">
        {last.isPending ? <Spinner label="Loading more products" /> : null}
        {last.data?.has_next ? (
          <button type="button" className="button button--secondary" onClick={() => setPages((n) => n + 1)}>
            Show more
          </button>
        ) : null}
      </div>
    </Modal>
  );
}

/** 'Similar Products' (more-like-this): a rail of the first page, and 'View all' in a modal that pages. */
export function SimilarProducts({ productId }: { productId: number }) {
  const q = useMoreLikeThis(productId, 0);
  const [open, setOpen] = useState(false);
  const products = q.isError ? [] : others(q.data?.products, productId);
  const showAll = products.length > 2 || Boolean(q.data?.has_next);
  return (
    <>
      <Rail
        id="similar"
        title="Similar Products"
        products={products}
        loading={q.isPending}
        action={
          showAll ? (
            <button type="button" className="rec-section__all" onClick={() => setOpen(true)}>
              View all
            </button>
          ) : null
        }
      />
      {open ? <SimilarModal productId={productId} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

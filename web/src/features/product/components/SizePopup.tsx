import type { Product } from '@/shared/api/types';
import { Modal } from '@/shared/components/ui/Modal';
import { Spinner } from '@/shared/components/ui/Spinner';
import { sizedImage, useImageQuality } from '@/shared/lib/images';
import type { ProductSizes } from '../api/get-sizes';
import type { Selection, SizeSlot } from '../purchase';
import { SizePicker } from './SizePicker';

export const SIZE_POPUP_TITLE = 'Adding item to Cart';

/** What the popup shows of the product: the product page's product, or a listing card. */
export type SizePopupProduct = Pick<Product, 'img' | 'name' | 'rounded_up_unit_price_ui'>;

/**
 * The size-picker popup 'Adding item to Cart' (spec 001 §2): choose the size here, then add. The
 * product page opens it when no size is chosen; listing and rail cards open it through QuickAdd.
 */
export default function SizePopup({
  product,
  sizes,
  selection,
  suggested,
  onPick,
  mode,
  busy,
  soldOut,
  onConfirm,
  onClose,
  note,
}: {
  product: SizePopupProduct;
  /** undefined while the sizes load */
  sizes: ProductSizes | undefined;
  selection: Selection;
  suggested: string | null;
  onPick: (slot: SizeSlot, value: string) => void;
  mode: 'cart' | 'buy';
  busy: boolean;
  soldOut: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** a message under the sizes (a missing size, a refused add) */
  note?: string | null;
}) {
  const quality = useImageQuality();
  return (
    <Modal open title={SIZE_POPUP_TITLE} onClose={onClose} variant="sheet" id="size-popup">
      <div className="size-popup__product">
        <img src={sizedImage(product.img, 56, quality)} alt="" width={56} height={72} />
        <div>
          <p className="size-popup__name">{product.name}</p>
          <p className="price">{product.rounded_up_unit_price_ui}</p>
        </div>
      </div>
      <div className="size-popup__sizes" data-testid="size-popup-sizes">
        {sizes ? (
          <SizePicker sizes={sizes} selection={selection} suggested={suggested} onPick={onPick} idPrefix="popup-sizes" />
        ) : (
          <Spinner label="Loading sizes" />
        )}
      </div>
      {note ? (
        <p className="form-error" role="alert" data-testid="size-popup-note">
          {note}
        </p>
      ) : null}
      {soldOut ? (
        <button type="button" className="button button--wide button--soldout" disabled>
          Sold Out
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary button--wide"
          onClick={onConfirm}
          disabled={busy || !sizes}
          aria-busy={busy}
        >
          {busy ? <Spinner size={18} label="Adding to cart" /> : null}
          {mode === 'buy' ? 'Buy now' : 'Add to cart'}
        </button>
      )}
    </Modal>
  );
}

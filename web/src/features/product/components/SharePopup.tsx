import { useState } from 'react';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { copyText } from '@/shared/lib/clipboard';

export const LINK_COPIED = 'Link copied';

/** WhatsApp's share link for a text. */
export function whatsappHref(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** 'Share By' (spec 001 §2): WhatsApp, copy the link, or the phone's own share sheet when it has one. */
export default function SharePopup({
  title,
  url,
  onShared,
  onCopied,
  onClose,
}: {
  title: string;
  url: string;
  /** any way of sharing was used (records the Share_product event) */
  onShared: (how: 'whatsapp' | 'copy' | 'native') => void;
  onCopied: () => void;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    await copyText(url);
    setCopied(true);
    onCopied();
    onShared('copy');
  };

  const native = async () => {
    try {
      await navigator.share({ title, text: title, url });
      onShared('native');
      onClose();
    } catch {
      // the shopper closed the share sheet
    }
  };

  return (
    <Modal open title="Share By" onClose={onClose} variant="sheet" id="share-popup">
      <ul className="share" data-testid="share-options">
        <li>
          <a
            className="share__option"
            href={whatsappHref(`${title} ${url}`)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onShared('whatsapp')}
          >
            <span className="share__icon share__icon--whatsapp" aria-hidden="true">
              <Icon name="chat" size={22} />
            </span>
            WhatsApp
          </a>
        </li>
        <li>
          <button type="button" className="share__option" onClick={copy}>
            <span className="share__icon" aria-hidden="true">
              <Icon name={copied ? 'check' : 'link'} size={22} />
            </span>
            {copied ? LINK_COPIED : 'Copy link'}
          </button>
        </li>
        {canShare ? (
          <li>
            <button type="button" className="share__option" onClick={native}>
              <span className="share__icon" aria-hidden="true">
                <Icon name="share" size={22} />
              </span>
              More options
            </button>
          </li>
        ) : null}
      </ul>
      <p className="share__url" aria-label="Product link">
        {url}
      </p>
    </Modal>
  );
}

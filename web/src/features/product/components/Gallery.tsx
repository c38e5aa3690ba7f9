import { useEffect, useRef, type PointerEvent, type ReactNode } from 'react';
import type { GalleryItem } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { GALLERY_SIZES, imageSrcSet, sizedImage, useImageQuality } from '@/shared/lib/images';
import { playOnly, swipeDirection, TAP_MAX_MOVE, useSlideIndex } from '../swipe';

export function Gallery({
  items,
  name,
  tag,
  badges,
  actions,
  paused = false,
  onOpen,
}: {
  items: GalleryItem[];
  name: string;
  tag: string | null;
  /** extra labels over the image (e.g. 'Exclusive') */
  badges?: ReactNode;
  /** buttons over the image's top-right corner (wishlist, share) */
  actions?: ReactNode;
  /** the full-screen view is open: nothing plays here */
  paused?: boolean;
  /** open the full-screen view at this slide */
  onOpen?: (index: number) => void;
}) {
  const n = items.length;
  const [index, go] = useSlideIndex(n);
  const start = useRef<{ x: number; y: number } | null>(null);
  const videos = useRef<(HTMLVideoElement | null)[]>([]);
  const quality = useImageQuality();
  // Every slide is as wide as the viewport: the screen on a phone, a column on a wide one. The widths
  // on offer are fixed (not measured), so the product page's HTML can preload the first image before
  // the app runs and the browser picks the same one here (issue 14's largest paint).
  const slide = (src: string) => sizedImage(src, 720, quality, 1);

  useEffect(() => {
    playOnly(videos.current, paused ? null : index);
  }, [index, paused]);

  const onPointerDown = (e: PointerEvent) => {
    // the buttons over the image (arrows, dots, wishlist, share) are not gestures
    if ((e.target as Element).closest?.('button, a')) {
      start.current = null;
      return;
    }
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const s = start.current;
    start.current = null;
    if (!s) return;
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    const dir = swipeDirection(dx, dy);
    if (dir !== 0) go(index + dir);
    else if (onOpen && Math.abs(dx) < TAP_MAX_MOVE && Math.abs(dy) < TAP_MAX_MOVE && items[index]?.type !== 'video') onOpen(index);
  };

  if (n === 0) return <div className="gallery gallery--empty" aria-hidden="true" />;

  return (
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={`${name} images`}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(index + 1);
        if (e.key === 'ArrowLeft') go(index - 1);
      }}
    >
      <div
        className="gallery__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
      >
        <div className="gallery__track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {items.map((item, i) => (
            <div
              key={i}
              className="gallery__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${n}`}
              aria-hidden={i !== index}
            >
              {item.type === 'video' && item.embed ? (
                <video
                  ref={(el) => {
                    videos.current[i] = el;
                  }}
                  src={item.embed}
                  poster={slide(item.img_l || item.img_m)}
                  muted
                  loop
                  playsInline
                  controls
                  preload="metadata"
                  aria-label={`${name} video`}
                />
              ) : (
                <img
                  src={slide(item.img_l || item.img_m)}
                  srcSet={imageSrcSet(item.img_l || item.img_m, quality)}
                  sizes={GALLERY_SIZES}
                  alt={i === 0 ? name : `${name}, view ${i + 1}`}
                  width={600}
                  height={800}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  // the first image is often already here (the page's HTML showed it): drawn at once, not a frame later
                  decoding={i === 0 ? 'auto' : 'async'}
                  draggable={false}
                />
              )}
            </div>
          ))}
        </div>
        <div className="gallery__badges">
          {tag ? (
            <span className={`gallery__tag gallery__tag--${tag.replace(/\s+/g, '-').toLowerCase()}`} data-testid="product-tag">
              {tag}
            </span>
          ) : null}
          {badges}
        </div>
        {actions ? <div className="gallery__actions">{actions}</div> : null}
        {onOpen ? (
          <button
            type="button"
            className="gallery__expand"
            onClick={() => onOpen(index)}
            aria-label="View images full screen"
            data-testid="open-fullscreen"
          >
            <Icon name="expand" size={18} />
          </button>
        ) : null}
        {n > 1 ? (
          <>
            <button type="button" className="gallery__arrow gallery__arrow--prev" onClick={() => go(index - 1)} aria-label="Previous image">
              <Icon name="chevronLeft" size={20} />
            </button>
            <button type="button" className="gallery__arrow gallery__arrow--next" onClick={() => go(index + 1)} aria-label="Next image">
              <Icon name="chevronRight" size={20} />
            </button>
            <div className="gallery__dots">
              {items.map((item, i) => (
                <button
                  key={i}
                  type="button"
                  className="gallery__dot"
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={`Show ${item.type === 'video' ? 'video' : 'image'} ${i + 1} of ${n}`}
                  onClick={() => go(i)}
                />
              ))}
            </div>
          </>
        ) : null}
      </div>
      {n > 1 ? (
        <div className="gallery__thumbs" role="tablist" aria-label="Choose an image">
          {items.map((item, i) => (
            <button
              key={i}
              type="button"
              role="tab"
              aria-selected={i === index}
              aria-label={`Show ${item.type === 'video' ? 'video' : 'image'} ${i + 1} of ${n}`}
              className="gallery__thumb"
              onClick={() => go(i)}
            >
              {/* at one and two times its size, not the screen's density: the server draws this markup
                  too (crates/server/src/drawn.rs), and it cannot know the screen */}
              <img
                src={sizedImage(item.thumbnail_url || item.img_m, 48, quality, 1)}
                srcSet={`${sizedImage(item.thumbnail_url || item.img_m, 48, quality, 2)} 2x`}
                alt=""
                width={48}
                height={64}
                loading="lazy"
              />
              {item.type === 'video' ? (
                <span className="gallery__thumb-play">
                  <Icon name="play" size={14} />
                </span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

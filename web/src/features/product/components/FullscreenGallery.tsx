import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type WheelEvent } from 'react';
import type { GalleryItem } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { Modal } from '@/shared/components/ui/Modal';
import { IMAGE_WIDTH_MAX, sizedImage, useImageQuality } from '@/shared/lib/images';
import { clampPan, clampZoom, distance, DOUBLE_TAP_MS, doubleTapZoom, pinchZoom, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '../zoom';
import { playOnly, swipeDirection, TAP_MAX_MOVE, useSlideIndex } from '../swipe';

type Point = { x: number; y: number };
type Gesture =
  | { kind: 'swipe'; start: Point }
  | { kind: 'pan'; start: Point; from: Point }
  | { kind: 'pinch'; startScale: number; startDistance: number };

/**
 * The full-screen gallery (a lazy chunk): thumbnails, zoom 1–8 by pinch, double-tap, wheel and
 * buttons; a zoomed image pans; swipes (over 80 px across, under 50 px drift) change the slide
 * at scale 1 and wrap at both ends; only the current slide's video plays.
 */
export default function FullscreenGallery({
  items,
  name,
  startIndex,
  onClose,
}: {
  items: GalleryItem[];
  name: string;
  startIndex: number;
  onClose: () => void;
}) {
  const n = items.length;
  const [index, go] = useSlideIndex(n, startIndex);
  const [scale, setScale] = useState(1);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ t: number; p: Point } | null>(null);
  const videos = useRef<(HTMLVideoElement | null)[]>([]);
  const quality = useImageQuality();
  // zoomed up to 8×: the largest width the server makes, whatever the screen
  const full = (src: string) => sizedImage(src, IMAGE_WIDTH_MAX, quality, 1);

  // A new slide starts unzoomed; only its video plays.
  useEffect(() => {
    setScale(1);
    setPan({ x: 0, y: 0 });
    playOnly(videos.current, index);
  }, [index]);
  useEffect(() => () => playOnly(videos.current, null), []);

  const box = () => {
    const r = stage.current?.getBoundingClientRect();
    return { w: r?.width ?? window.innerWidth, h: r?.height ?? window.innerHeight };
  };
  const zoomTo = (next: number) => {
    const s = clampZoom(next);
    setScale(s);
    const { w, h } = box();
    setPan((p) => (s === 1 ? { x: 0, y: 0 } : clampPan(p.x, p.y, s, w, h)));
  };

  const isVideo = items[index]?.type === 'video';

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if ((e.target as Element).closest?.('button, video')) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const ps = [...pointers.current.values()];
    if (ps.length >= 2 && !isVideo) {
      gesture.current = { kind: 'pinch', startScale: scale, startDistance: distance(ps[0]!, ps[1]!) };
    } else if (ps.length === 1) {
      const p = ps[0]!;
      gesture.current = scale > 1 ? { kind: 'pan', start: p, from: pan } : { kind: 'swipe', start: p };
    }
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    if (!g) return;
    if (g.kind === 'pinch') {
      const ps = [...pointers.current.values()];
      if (ps.length < 2) return;
      zoomTo(pinchZoom(g.startScale, g.startDistance, distance(ps[0]!, ps[1]!)));
    } else if (g.kind === 'pan') {
      const { w, h } = box();
      setPan(clampPan(g.from.x + e.clientX - g.start.x, g.from.y + e.clientY - g.start.y, scale, w, h));
    }
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    const remaining = [...pointers.current.values()];
    if (g?.kind === 'pinch') {
      // one finger left after a pinch goes on panning from where it is
      gesture.current = remaining.length === 1 && scale > 1 ? { kind: 'pan', start: remaining[0]!, from: pan } : null;
      return;
    }
    gesture.current = null;
    if (!g) return;
    const dx = e.clientX - g.start.x;
    const dy = e.clientY - g.start.y;
    const moved = Math.abs(dx) >= TAP_MAX_MOVE || Math.abs(dy) >= TAP_MAX_MOVE;
    if (g.kind === 'swipe' && moved) {
      const dir = swipeDirection(dx, dy);
      if (dir !== 0) go(index + dir);
      return;
    }
    if (moved || isVideo) return;
    const now = performance.now();
    const p = { x: e.clientX, y: e.clientY };
    const prev = lastTap.current;
    if (prev && now - prev.t < DOUBLE_TAP_MS && distance(prev.p, p) < 40) {
      lastTap.current = null;
      zoomTo(doubleTapZoom(scale));
    } else {
      lastTap.current = { t: now, p };
    }
  };

  const onPointerCancel = (e: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    gesture.current = null;
  };

  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (isVideo) return;
    zoomTo(scale * (e.deltaY < 0 ? 1.15 : 1 / 1.15));
  };

  return (
    <Modal open title={name} onClose={onClose} variant="fullscreen" id="fullscreen-gallery" className="fs">
      <div
        className="fs__keys"
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') go(index + 1);
          else if (e.key === 'ArrowLeft') go(index - 1);
          else if (e.key === '+' || e.key === '=') zoomTo(scale * ZOOM_STEP);
          else if (e.key === '-') zoomTo(scale / ZOOM_STEP);
          else return;
          e.preventDefault();
        }}
      >
        <div
          ref={stage}
          className="fs__stage"
          data-testid="fullscreen-stage"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onWheel={onWheel}
        >
          <div className="fs__track" style={{ transform: `translateX(-${index * 100}%)` }}>
            {items.map((item, i) => (
              <div key={i} className="fs__slide" aria-hidden={i !== index}>
                {item.type === 'video' && item.embed ? (
                  <video
                    ref={(el) => {
                      videos.current[i] = el;
                    }}
                    src={item.embed}
                    poster={full(item.img_l || item.img_m)}
                    muted
                    loop
                    playsInline
                    controls
                    preload="metadata"
                    aria-label={`${name} video`}
                    tabIndex={i === index ? 0 : -1}
                  />
                ) : (
                  <img
                    src={full(item.img_l || item.img_m)}
                    alt={`${name}, image ${i + 1} of ${n}`}
                    draggable={false}
                    style={
                      i === index
                        ? { transform: `translate(${pan.x}px, ${pan.y}px) scale(${scale})`, cursor: scale > 1 ? 'grab' : 'zoom-in' }
                        : undefined
                    }
                    data-scale={i === index ? scale : undefined}
                  />
                )}
              </div>
            ))}
          </div>
          {n > 1 ? (
            <>
              <button type="button" className="fs__arrow fs__arrow--prev" onClick={() => go(index - 1)} aria-label="Previous image">
                <Icon name="chevronLeft" size={22} />
              </button>
              <button type="button" className="fs__arrow fs__arrow--next" onClick={() => go(index + 1)} aria-label="Next image">
                <Icon name="chevronRight" size={22} />
              </button>
            </>
          ) : null}
        </div>

        <div className="fs__bar">
          <p className="fs__count" aria-live="polite">
            {index + 1} / {n}
          </p>
          {!isVideo ? (
            <div className="fs__zoom" role="group" aria-label="Zoom">
              <button type="button" onClick={() => zoomTo(scale / ZOOM_STEP)} disabled={scale <= ZOOM_MIN} aria-label="Zoom out">
                <Icon name="zoomOut" size={20} />
              </button>
              <output aria-label={`Zoom ${Math.round(scale * 100)}%`} data-testid="zoom-level">
                {scale.toFixed(scale % 1 ? 1 : 0)}×
              </output>
              <button type="button" onClick={() => zoomTo(scale * ZOOM_STEP)} disabled={scale >= ZOOM_MAX} aria-label="Zoom in">
                <Icon name="zoomIn" size={20} />
              </button>
            </div>
          ) : null}
        </div>

        {n > 1 ? (
          <div className="fs__thumbs" role="tablist" aria-label="Choose an image">
            {items.map((item, i) => (
              <button
                key={i}
                type="button"
                role="tab"
                aria-selected={i === index}
                aria-label={`Show ${item.type === 'video' ? 'video' : 'image'} ${i + 1} of ${n}`}
                className="fs__thumb"
                onClick={() => go(i)}
              >
                <img src={sizedImage(item.thumbnail_url || item.img_m, 48, quality)} alt="" width={48} height={64} loading="lazy" />
                {item.type === 'video' ? (
                  <span className="gallery__thumb-play">
                    <Icon name="play" size={14} />
                  </span>
                ) : null}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

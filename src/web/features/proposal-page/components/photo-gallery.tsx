import { useEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import X from 'lucide-react/icons/x';
import { Dialog } from 'radix-ui';
import type { ProposalTexts } from '../lib/i18n.ts';

export interface PhotoGalleryProps {
  urls: string[];
  /** The open image, or null when the gallery is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  carName: string;
  t: ProposalTexts;
  onFail: (url: string) => void;
}

/** Swipes shorter than this are taps. */
const SWIPE_PX = 50;

const navClass =
  'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white outline-none hover:bg-black/75 focus-visible:ring-[3px] focus-visible:ring-white/70';

/**
 * Full-screen gallery: 'image n of total', the photo at its natural pixel size (never enlarged),
 * previous/next wrapping around, thumbnails when there is more than one photo, arrow keys,
 * Escape and swipes.
 */
export function PhotoGallery({ urls, index, onIndexChange, carName, t, onFail }: PhotoGalleryProps) {
  const total = urls.length;
  const open = index !== null && total > 0;
  const current = open ? Math.min(index, total - 1) : 0;
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const touchX = useRef<number | null>(null);
  const go = (delta: number) => onIndexChange((current + delta + total) % total);

  useEffect(() => setNatural(null), [current, urls]);
  // The photo being shown failed and was hidden: close when nothing is left.
  useEffect(() => {
    if (index !== null && total === 0) onIndexChange(null);
  }, [index, total, onIndexChange]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (total < 2) return;
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    }
  };
  const onTouchStart = (e: TouchEvent) => {
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    touchX.current = null;
    const end = e.changedTouches[0]?.clientX;
    if (start === null || end === undefined || total < 2) return;
    if (end - start > SWIPE_PX) go(-1);
    else if (start - end > SWIPE_PX) go(1);
  };
  const url = urls[current];

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onIndexChange(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-neutral-950 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
        <Dialog.Content
          data-slot="photo-gallery"
          onKeyDown={onKeyDown}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
        >
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <div className="min-w-0">
              <Dialog.Title className="sr-only">{`${t.gallery}: ${carName}`}</Dialog.Title>
              <Dialog.Description className="text-sm font-semibold" data-testid="gallery-counter">
                {t.imageOf(current + 1, total)}
              </Dialog.Description>
              <p className="text-xs text-white/70 tabular-nums" data-testid="gallery-size">
                {natural ? t.naturalSize(natural.w, natural.h) : '\u00a0'}
              </p>
            </div>
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 outline-none hover:bg-white/20 focus-visible:ring-[3px] focus-visible:ring-white/70"
              aria-label={t.close}
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center overflow-auto px-2">
            {url ? (
              <img
                key={url}
                src={url}
                alt={t.photoAlt(carName, current + 1)}
                onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
                onError={() => onFail(url)}
                className="h-auto max-h-full w-auto max-w-full object-contain select-none"
                draggable={false}
                data-testid="gallery-image"
              />
            ) : null}
            {total > 1 ? (
              <>
                <button type="button" onClick={() => go(-1)} className={`${navClass} left-3`} aria-label={t.previous}>
                  <ChevronLeft className="size-6" aria-hidden />
                </button>
                <button type="button" onClick={() => go(1)} className={`${navClass} right-3`} aria-label={t.next}>
                  <ChevronRight className="size-6" aria-hidden />
                </button>
              </>
            ) : null}
          </div>
          {total > 1 ? (
            <nav aria-label={t.thumbnails} className="shrink-0 px-4 py-3">
              <ul
                className="mx-auto flex max-w-full justify-start gap-2 overflow-x-auto sm:justify-center"
                data-testid="gallery-thumbnails"
              >
                {urls.map((u, i) => (
                  <li key={u} className="shrink-0">
                    <button
                      type="button"
                      onClick={() => onIndexChange(i)}
                      aria-label={t.thumbnail(i + 1)}
                      aria-current={i === current ? 'true' : undefined}
                      className={`block overflow-hidden rounded-md border-2 outline-none focus-visible:ring-[3px] focus-visible:ring-white/70 ${i === current ? 'border-white' : 'border-transparent opacity-60 hover:opacity-100'}`}
                    >
                      <img src={u} alt="" className="h-14 w-20 object-cover" loading="lazy" decoding="async" />
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

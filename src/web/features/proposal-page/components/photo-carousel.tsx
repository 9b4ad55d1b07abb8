import { useRef } from 'react';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { ProposalTexts } from '../lib/i18n.ts';

export interface PhotoCarouselProps {
  urls: string[];
  carName: string;
  t: ProposalTexts;
  onOpen: (index: number) => void;
  /** An image that failed to load: the page hides it. */
  onFail: (url: string) => void;
}

const arrowClass =
  'inline-flex size-9 items-center justify-center rounded-full border bg-background shadow-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 dark:bg-input/30';

/** 'Fotografias do Veículo (n)': a swipeable strip; arrows only with more than 2 images. */
export function PhotoCarousel({ urls, carName, t, onOpen, onFail }: PhotoCarouselProps) {
  const strip = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = strip.current;
    const item = el?.querySelector('li');
    if (!el || !item) return;
    const step = item.getBoundingClientRect().width + 12;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
    const atStart = el.scrollLeft <= 4;
    // Past the last photo the strip starts again (and the other way round).
    if (direction === 1 && atEnd) el.scrollTo({ left: 0, behavior: 'smooth' });
    else if (direction === -1 && atStart) el.scrollTo({ left: el.scrollWidth, behavior: 'smooth' });
    else el.scrollBy({ left: direction * step, behavior: 'smooth' });
  };
  const single = urls.length === 1;
  return (
    <section aria-labelledby="photos-title" data-slot="photo-carousel">
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 id="photos-title" className="text-lg font-semibold">
          {t.photos(urls.length)}
        </h2>
        {urls.length > 2 ? (
          <div className="flex gap-2">
            <button type="button" className={arrowClass} aria-label={t.previousPhotos} onClick={() => scroll(-1)}>
              <ChevronLeft className="size-5" aria-hidden />
            </button>
            <button type="button" className={arrowClass} aria-label={t.nextPhotos} onClick={() => scroll(1)}>
              <ChevronRight className="size-5" aria-hidden />
            </button>
          </div>
        ) : null}
      </div>
      <ul
        ref={strip}
        className="flex snap-x snap-mandatory gap-3 overflow-x-auto overscroll-x-contain pb-2 [scrollbar-width:thin]"
      >
        {urls.map((url, i) => (
          <li key={url} className={`shrink-0 snap-start ${single ? 'w-full' : 'w-[85%] sm:w-[calc(50%-6px)]'}`}>
            <button
              type="button"
              onClick={() => onOpen(i)}
              aria-label={t.openPhoto(i + 1)}
              className="block w-full overflow-hidden rounded-xl border bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <img
                src={url}
                alt={t.photoAlt(carName, i + 1)}
                width={800}
                height={600}
                loading={i < 2 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding="async"
                onError={() => onFail(url)}
                className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-300 hover:scale-[1.02]"
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { carouselIndex } from '#shared/listings/view.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons.tsx';
import { ImageIcon } from '../../../components/page-icons.tsx';
import { useT } from '../../../lib/i18n.tsx';

// A horizontal drag longer than this turns the photo; shorter ones are taps.
const SWIPE_PX = 40;

const navButton =
  'absolute top-1/2 -translate-y-1/2 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md hover:bg-white focus-visible:outline-2 focus-visible:outline-blue-600 dark:bg-slate-900/90 dark:text-slate-100 dark:hover:bg-slate-900';

/**
 * The listing's photos one at a time (WAI-ARIA carousel): Previous/Next buttons, arrow keys,
 * swipe, and a '2 / 5' counter. Photos are chosen per screen from the card (640 px) and full
 * (1600 px) sizes.
 */
export function ImageCarousel({
  images,
  cardImages,
  title,
}: {
  images: string[];
  cardImages: string[];
  title: string;
}) {
  const t = useT();
  const id = useId();
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;

  if (count === 0) {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center rounded-2xl bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <ImageIcon className="size-12" />
      </div>
    );
  }

  const move = (delta: number) => setIndex((i) => carouselIndex(i, delta, count));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent) => {
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - from.y)) move(dx < 0 ? 1 : -1);
  };

  return (
    // Arrow keys work while focus is on the carousel's buttons (keydown bubbles up to here).
    <section
      aria-roledescription="carousel"
      aria-label={t('listings.carousel.label', { title })}
      onKeyDown={onKeyDown}
      className="relative overflow-hidden rounded-2xl bg-slate-100 dark:bg-slate-800"
    >
      <div
        className="flex touch-pan-y transition-transform duration-300 motion-reduce:transition-none"
        style={{ transform: `translateX(-${index * 100}%)` }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        {images.map((src, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA APG), not a form fieldset
          <div
            key={src}
            id={`${id}-slide-${i}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('listings.carousel.slide', { index: i + 1, count })}
            aria-hidden={i !== index}
            className="aspect-[4/3] w-full shrink-0"
          >
            <img
              src={cardImages[i] ?? src}
              srcSet={cardImages[i] ? `${cardImages[i]} 640w, ${src} 1600w` : undefined}
              sizes="(max-width: 430px) 100vw, 430px"
              alt={t('listings.carousel.alt', { title, index: i + 1, count })}
              width={640}
              height={480}
              // The first photo is the page's main image; the others load when they are near.
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
              draggable={false}
              className="size-full select-none object-cover"
            />
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            aria-label={t('listings.carousel.previous')}
            aria-controls={`${id}-slide-${carouselIndex(index, -1, count)}`}
            className={`${navButton} left-3`}
            onClick={() => move(-1)}
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <button
            type="button"
            aria-label={t('listings.carousel.next')}
            aria-controls={`${id}-slide-${carouselIndex(index, 1, count)}`}
            className={`${navButton} right-3`}
            onClick={() => move(1)}
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </>
      )}
      <p
        aria-live="polite"
        data-testid="carousel-counter"
        className="absolute right-3 bottom-3 rounded-full bg-slate-950/75 px-2.5 py-0.5 font-medium text-sm text-white"
      >
        {index + 1} / {count}
      </p>
    </section>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { MessagePhoto as Photo } from '#shared/messages/api.ts';
import { XIcon } from '../../../components/icons.tsx';
import { useT } from '../../../lib/i18n.tsx';

const THUMB_WIDTH = 240;
// Very tall or wide photos are cropped in the thumbnail; the lightbox shows them whole.
const MIN_RATIO = 0.75;
const MAX_RATIO = 16 / 9;

/**
 * A photo in a message: a thumbnail whose box has the photo's shape before it loads (nothing
 * below it moves), opening the photo whole in a modal dialog; Escape or Close returns focus to
 * the thumbnail.
 */
export function MessagePhoto({ photo, name }: { photo: Photo; name: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const thumb = useRef<HTMLButtonElement>(null);
  const ratio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, photo.width / photo.height));

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <>
      <button
        ref={thumb}
        type="button"
        aria-label={t('messages.photo.open', { name })}
        onClick={() => setOpen(true)}
        className="block overflow-hidden rounded-xl bg-slate-200 dark:bg-slate-700"
        style={{ width: `min(${THUMB_WIDTH}px, 100%)`, aspectRatio: String(ratio) }}
        data-testid="message-photo"
      >
        <img
          src={photo.url}
          alt={t('messages.photo.alt', { name })}
          width={photo.width}
          height={photo.height}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a pointer shortcut; the keyboard has Escape and Close. */}
      <dialog
        ref={dialog}
        aria-label={t('messages.lightbox.title', { name })}
        onClose={() => {
          setOpen(false);
          thumb.current?.focus({ preventScroll: true });
        }}
        onClick={(event) => {
          // A click on the backdrop (the dialog itself, around the photo) closes it.
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className="m-auto max-h-[calc(100dvh-2rem)] max-w-[calc(100vw-2rem)] overflow-visible bg-transparent p-0 backdrop:bg-slate-950/85"
      >
        {open && (
          <div className="relative">
            <img
              src={photo.url}
              alt={t('messages.photo.alt', { name })}
              width={photo.width}
              height={photo.height}
              className="block max-h-[calc(100dvh-2rem)] max-w-[calc(100vw-2rem)] rounded-lg object-contain"
            />
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label={t('messages.lightbox.close')}
              className="absolute top-2 right-2 inline-flex size-10 items-center justify-center rounded-full bg-slate-950/70 text-white hover:bg-slate-950"
            >
              <XIcon className="size-5" />
            </button>
          </div>
        )}
      </dialog>
    </>
  );
}

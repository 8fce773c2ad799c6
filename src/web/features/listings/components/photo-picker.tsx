import { useId, useState } from 'react';
import { listingMessages, MAX_LISTING_PHOTOS } from '#shared/listings/schemas.ts';
import { labelStyles, RequiredMark } from '../../../components/form-fields.tsx';
import { CameraIcon, XIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorText, mutedText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useT } from '../../../lib/i18n.tsx';
import { downscalePhoto, PhotoError } from '../downscale-photo.ts';

export interface Photo {
  id: string;
  dataUrl: string;
}

let nextPhotoId = 0;

/**
 * Photos: several picked at once, each downscaled in the browser, previewed and removable.
 * At most ten; the first is the card photo.
 */
export function PhotoPicker({
  photos,
  onChange,
  error,
}: {
  photos: Photo[];
  onChange: (update: (photos: Photo[]) => Photo[]) => void;
  error?: string | undefined;
}) {
  const t = useT();
  const words = useErrorText();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const room = MAX_LISTING_PHOTOS - photos.length;
  const message = problem ?? (error ? words(error) : undefined);

  const add = async (files: File[]) => {
    setProblem(null);
    if (files.length === 0) return;
    const taken = files.slice(0, Math.max(0, room));
    setBusy(true);
    const added: Photo[] = [];
    const problems: string[] = [];
    for (const file of taken) {
      try {
        nextPhotoId += 1;
        added.push({ id: `photo-${nextPhotoId}`, dataUrl: await downscalePhoto(file) });
      } catch (err) {
        problems.push(
          err instanceof PhotoError
            ? err.id
              ? t(err.id, err.values)
              : words(err.message)
            : t('listings.photos.unreadable', { name: file.name }),
        );
      }
    }
    setBusy(false);
    onChange((current) => [...current, ...added].slice(0, MAX_LISTING_PHOTOS));
    if (files.length > taken.length) problems.push(words(listingMessages.tooManyPhotos));
    if (problems.length > 0) setProblem(problems.join('. '));
  };

  return (
    <fieldset className="space-y-3 rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 font-semibold text-base">
        {t('listings.photos.legend')}
        <RequiredMark />
      </legend>
      {photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2" aria-label={t('listings.photos.chosen')}>
          {photos.map((photo, i) => (
            <li key={photo.id} className="relative aspect-square overflow-hidden rounded-xl bg-slate-100">
              <img
                src={photo.dataUrl}
                alt={t('listings.photos.alt', { index: i + 1, count: photos.length })}
                className="size-full object-cover"
              />
              <button
                type="button"
                aria-label={t('listings.photos.remove', { index: i + 1 })}
                onClick={() => onChange((current) => current.filter((p) => p.id !== photo.id))}
                className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-slate-950/75 text-white hover:bg-slate-950"
              >
                <XIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          aria-disabled={room <= 0 || busy}
          className={`${labelStyles} inline-flex cursor-pointer items-center gap-2 rounded-xl border border-slate-400 border-dashed px-4 py-2.5 has-focus-visible:outline-2 has-focus-visible:outline-blue-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 dark:border-slate-500`}
        >
          <CameraIcon className="size-5" />
          {t('listings.photos.add')}
          <input
            id={id}
            type="file"
            accept="image/*"
            multiple
            required={photos.length === 0}
            disabled={room <= 0 || busy}
            aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
            className="sr-only"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              void add(files);
            }}
          />
        </label>
        {busy && <Spinner label={t('listings.photos.preparing')} />}
      </div>
      <p id={`${id}-hint`} className={`text-sm ${mutedText}`}>
        {t('listings.photos.hint', { count: photos.length, max: MAX_LISTING_PHOTOS })}
      </p>
      {message && (
        <p id={`${id}-error`} role="alert" className={errorText}>
          {message}
        </p>
      )}
    </fieldset>
  );
}

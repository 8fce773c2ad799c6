import { useEffect, useId, useState } from 'react';
import { checkImageFile } from '#shared/validation-rules.ts';
import { CameraIcon } from '../../../components/icons.tsx';
import { buttonStyles, errorText, mutedText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { T, useT } from '../../../lib/i18n.tsx';

/** The optional profile photo of the sign-up form, with a preview; checked before it is kept. */
export function PhotoPicker({
  photo,
  onChange,
}: {
  photo: File | null;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const t = useT();
  const inLanguage = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const onFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    setError(problem);
    onChange(problem ? null : file);
  };

  return (
    <div className="space-y-2">
      <p className="font-medium text-slate-800 text-sm dark:text-slate-200" id={`${id}-title`}>
        <T id="auth.photo.title" components={{ 0: <span className={`font-normal ${mutedText}`} /> }} />
      </p>
      <div className="flex items-center gap-4">
        {preview ? (
          <img src={preview} alt={t('auth.photo.preview')} className="size-16 rounded-full object-cover" />
        ) : (
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-slate-200 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <CameraIcon className="size-7" />
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <label
            className={`${buttonStyles.secondary} has-focus-visible:outline-2 has-focus-visible:outline-blue-600`}
          >
            {photo ? t('auth.photo.change') : t('auth.photo.choose')}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error ? true : undefined}
              onChange={onFile}
            />
          </label>
          {photo && (
            <button type="button" className={buttonStyles.ghost} onClick={() => onChange(null)}>
              {t('auth.photo.remove')}
            </button>
          )}
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className={errorText}>
          {inLanguage(error)}
        </p>
      )}
    </div>
  );
}

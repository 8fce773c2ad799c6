import '#shared/i18n/compiled/areas/settings.ts';
import { useEffect, useId, useState } from 'react';
import type { PublicUser } from '#shared/accounts/api.ts';
import { checkImageFile } from '#shared/validation.ts';
import { Avatar } from '../../components/avatar.tsx';
import { CameraIcon, CheckIcon, TrashIcon, XIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { buttonStyles, errorText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { useDeleteProfileImage, useUploadProfileImage } from './api/profile.ts';

type Indicator = 'idle' | 'success' | 'error';

/** How long the success or error mark stays on the avatar (docs/accounts.md, Profile). */
const INDICATOR_MS = 2_000;

export function AvatarEditor({ user }: { user: PublicUser }) {
  const t = useT();
  const id = useId();
  const upload = useUploadProfileImage();
  const remove = useDeleteProfileImage();
  const [indicator, setIndicator] = useState<Indicator>('idle');
  const [fileError, setFileError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  useEffect(() => {
    if (indicator === 'idle') return;
    const timer = window.setTimeout(() => setIndicator('idle'), INDICATOR_MS);
    return () => window.clearTimeout(timer);
  }, [indicator]);

  // Failures are only logged; the avatar shows the error mark (docs/client.md, Errors).
  const callbacks = (what: string) => ({
    onSuccess: () => setIndicator('success'),
    onError: (error: Error) => {
      console.warn(`Profile photo ${what} failed`, error);
      setIndicator('error');
    },
  });

  const onFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    setFileError(problem);
    if (problem) return;
    upload.mutate(file, callbacks('upload'));
  };

  return (
    <div className="flex items-center gap-5">
      <div className="relative">
        <Avatar user={user} size="xl" label={t('settings.profile.photo.avatar')} />
        {busy && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70 dark:bg-slate-900/70">
            <Spinner label={t('settings.profile.photo.saving')} />
          </span>
        )}
        {indicator !== 'idle' && (
          <span
            aria-hidden="true"
            className={`absolute right-0 bottom-0 inline-flex size-8 items-center justify-center rounded-full border-2 border-white text-white dark:border-slate-900 ${
              indicator === 'success' ? 'bg-green-700' : 'bg-red-700'
            }`}
          >
            {indicator === 'success' ? <CheckIcon className="size-4" /> : <XIcon className="size-4" />}
          </span>
        )}
        <span role="status" className="sr-only">
          {indicator === 'success'
            ? t('settings.profile.photo.updated')
            : indicator === 'error'
              ? t('settings.profile.photo.failed')
              : ''}
        </span>
      </div>
      <div className="flex flex-col items-start gap-2">
        <label
          className={`${buttonStyles.secondary} has-focus-visible:outline-2 has-focus-visible:outline-blue-600 ${busy ? 'pointer-events-none opacity-60' : ''}`}
        >
          <CameraIcon className="size-4" />
          {t('settings.profile.photo.upload')}
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            disabled={busy}
            onChange={onFile}
            aria-describedby={fileError ? `${id}-error` : undefined}
            aria-invalid={fileError ? true : undefined}
          />
        </label>
        {user.profileImageUrl && (
          <button
            type="button"
            className={buttonStyles.ghost}
            disabled={busy}
            onClick={() => {
              setFileError(null);
              remove.mutate(undefined, callbacks('removal'));
            }}
          >
            <TrashIcon className="size-4" />
            {t('settings.profile.photo.remove')}
          </button>
        )}
        {fileError && (
          <p id={`${id}-error`} className={errorText}>
            {fileError}
          </p>
        )}
      </div>
    </div>
  );
}

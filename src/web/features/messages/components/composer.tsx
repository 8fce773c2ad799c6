import { type FormEvent, type KeyboardEvent, type RefObject, useLayoutEffect, useRef } from 'react';
import { MESSAGE_MAX_LENGTH } from '#shared/messages/rules.ts';
import { CameraIcon, SendIcon, XIcon } from '../../../components/icons.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { useKeyboardOpen } from '../../../lib/use-keyboard-open.ts';
import { composerHeight } from '../chat.ts';

/**
 * The message input: Enter sends, Shift+Enter breaks the line; grows with its text from 36 px
 * to 120 px (100 px with the on-screen keyboard open); Send is off for blank text or while a
 * message is being sent (docs/chat.md, Sending). A photo may be attached (docs/chat.md, Photos);
 * with one, the text may be empty.
 */
export function Composer({
  draft,
  onDraftChange,
  onSend,
  sending,
  inputRef,
  photo,
  onPhotoChange,
  photoStatus,
}: {
  draft: string;
  onDraftChange: (text: string) => void;
  onSend: () => void;
  sending: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  photo: File | null;
  onPhotoChange: (photo: File | null) => void;
  /** What became of the photo being sent: under way, or why it was refused. */
  photoStatus: { sending: true } | { error: string } | null;
}) {
  const t = useT();
  const keyboardOpen = useKeyboardOpen();
  const fileInput = useRef<HTMLInputElement>(null);
  const blocked = (draft.trim() === '' && !photo) || sending;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.style.height = 'auto';
    const borders = input.offsetHeight - input.clientHeight;
    const content = input.scrollHeight + borders;
    const height = composerHeight(content, keyboardOpen);
    input.style.height = `${height}px`;
    input.style.overflowY = content > height ? 'auto' : 'hidden';
  }, [draft, keyboardOpen, inputRef]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!blocked) onSend();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const photoLine = photo && (
    <div className="flex items-center gap-2 px-3 pt-1 text-slate-700 text-sm dark:text-slate-300">
      <p className="min-w-0 flex-1 truncate" aria-live="polite">
        {photoStatus && 'sending' in photoStatus
          ? t('messages.composer.sendingPhoto')
          : t('messages.composer.photoChosen', { name: photo.name })}
      </p>
      <button
        type="button"
        aria-label={t('messages.composer.removePhoto')}
        disabled={sending}
        onClick={() => {
          onPhotoChange(null);
          inputRef.current?.focus();
        }}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-slate-200 dark:hover:bg-slate-700"
      >
        <XIcon className="size-4" />
      </button>
    </div>
  );

  return (
    <div className="shrink-0">
      {photoLine}
      {photoStatus && 'error' in photoStatus && (
        <p role="alert" className="px-3 pt-1 text-red-700 text-sm dark:text-red-300">
          {t('messages.composer.photoFailed', { reason: photoStatus.error })}
        </p>
      )}
      <form onSubmit={submit} className="flex items-end gap-2 px-3 pt-1 pb-2">
        <input
          ref={fileInput}
          id="chat-photo"
          type="file"
          // Phones offer the camera as well as the photo library for image/*.
          accept="image/*"
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            event.target.value = '';
            if (file) onPhotoChange(file);
          }}
        />
        <button
          type="button"
          aria-label={t('messages.composer.attachPhoto')}
          disabled={sending}
          onClick={() => fileInput.current?.click()}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 disabled:cursor-not-allowed dark:text-slate-300 dark:hover:bg-slate-700"
        >
          <CameraIcon className="size-5" />
        </button>
        <label htmlFor="chat-input" className="sr-only">
          {t('messages.composer.label')}
        </label>
        <textarea
          id="chat-input"
          ref={inputRef}
          rows={1}
          value={draft}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t('messages.composer.placeholder')}
          enterKeyHint="send"
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="block min-h-9 flex-1 resize-none rounded-2xl border border-slate-400 bg-white px-3.5 py-[5px] text-base text-slate-900 leading-6 placeholder:text-slate-500 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <button
          type="submit"
          aria-label={t('messages.composer.send')}
          disabled={blocked}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-600 text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 dark:disabled:bg-slate-700 dark:disabled:text-slate-300"
        >
          <SendIcon className="size-5" />
        </button>
      </form>
    </div>
  );
}

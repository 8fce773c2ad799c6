import { useErrorText } from '../lib/error-text.ts';
import { AlertIcon } from './icons.tsx';

/**
 * A failed action explained in a card that screen readers announce. A server's or a form's
 * English message shows in the member's language (src/web/lib/error-text.ts).
 */
export function ErrorCard({ title, message }: { title: string; message: string }) {
  const errorText = useErrorText();
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-left text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{errorText(message)}</p>
      </div>
    </div>
  );
}

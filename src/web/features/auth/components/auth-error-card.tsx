import { AlertIcon } from '../../../components/icons.tsx';

/** A server error of sign-in or sign-up, reworded (docs/accounts.md, Server errors). */
export function AuthErrorCard({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">Authentication Error</p>
        <p className="text-sm">{message}</p>
      </div>
    </div>
  );
}

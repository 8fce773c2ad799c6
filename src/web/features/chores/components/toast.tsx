/** A short message above the bottom navigation; the live region stays mounted so each one is announced. */
export function Toast({ message }: { message: string | null }) {
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-24 z-50 mx-auto flex max-w-[430px] justify-center px-5"
    >
      {message && (
        <p className="rounded-xl bg-slate-900 px-4 py-3 font-medium text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
          {message}
        </p>
      )}
    </div>
  );
}

import { LogOutIcon } from '../../components/icons.tsx';
import { buttonStyles, cardStyles, errorText } from '../../components/ui.ts';
import { useLogout } from '../auth/index.ts';

export function SignOutCard() {
  const logout = useLogout();
  const busy = logout.isPending || logout.isSuccess;
  return (
    <section aria-label="Sign out" className={`${cardStyles} space-y-2`}>
      <button
        type="button"
        onClick={() => logout.mutate()}
        disabled={busy}
        aria-busy={busy}
        className={`${buttonStyles.danger} w-full`}
      >
        <LogOutIcon className="size-4" />
        Sign Out
      </button>
      {logout.isError && (
        <p role="alert" className={`${errorText} text-center`}>
          Logout failed
        </p>
      )}
    </section>
  );
}

import '#shared/i18n/compiled/areas/settings.ts';
import { LogOutIcon } from '../../components/icons.tsx';
import { buttonStyles, cardStyles, errorText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { useLogout } from '../auth/index.ts';

export function SignOutCard() {
  const t = useT();
  const logout = useLogout();
  const busy = logout.isPending || logout.isSuccess;
  return (
    <section aria-label={t('settings.signOut.label')} className={`${cardStyles} space-y-2`}>
      <button
        type="button"
        onClick={() => logout.mutate()}
        disabled={busy}
        aria-busy={busy}
        className={`${buttonStyles.danger} w-full`}
      >
        <LogOutIcon className="size-4" />
        {t('settings.signOut.button')}
      </button>
      {logout.isError && (
        <p role="alert" className={`${errorText} text-center`}>
          {t('settings.signOut.failed')}
        </p>
      )}
    </section>
  );
}

import '#shared/i18n/compiled/areas/households.ts';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { INVITE_TOKEN_PARAM, inviteCodeFromLink, joinErrorDetail } from '#shared/households/invites.ts';
import type { AppState } from '#shared/screens/app-state.ts';
import { Brand } from '../../components/brand.tsx';
import { ErrorCard } from '../../components/error-card.tsx';
import { KeyIcon } from '../../components/icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { T, useT } from '../../lib/i18n.tsx';
import { finishOnboarding } from '../../lib/onboarding-flags.ts';
import { rememberReturnPath } from '../auth/index.ts';
import { useCurrentHousehold } from './api/get-household.ts';
import { useJoinHousehold } from './api/join-household.ts';

/** /join/{code}: the invite link a member shares from Settings. */
export function JoinPage({ state }: { state: Exclude<AppState, 'loading'> }) {
  const params = useParams();
  const [search] = useSearchParams();
  const code = inviteCodeFromLink(params.code);
  const invite = search.get(INVITE_TOKEN_PARAM);
  return (
    <div className="flex flex-1 flex-col gap-8 px-5 pt-6 pb-10">
      <header>
        <Brand />
      </header>
      {code === null ? (
        <InvalidLink />
      ) : state === 'signed-out' ? (
        <SignInFirst invite={invite} />
      ) : state === 'with-household' ? (
        <AlreadyInHousehold />
      ) : (
        <ConfirmJoin code={code} />
      )}
    </div>
  );
}

/**
 * Signed out: sign in (or sign up) first, then come back to this link. A link from an e-mailed
 * invite opens Create Account, naming the household and who invites.
 */
function SignInFirst({ invite }: { invite: string | null }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberReturnPath(pathname);
    navigate(invite ? `/auth?${INVITE_TOKEN_PARAM}=${encodeURIComponent(invite)}` : '/auth', {
      replace: true,
    });
  }, [pathname, invite, navigate]);
  return <PageSpinner />;
}

function InvalidLink() {
  const t = useT();
  return (
    <section className={`${cardStyles} space-y-4 text-center`}>
      <h1 className="font-bold text-2xl">{t('households.join.invalid.title')}</h1>
      <p className={mutedText}>{t('households.join.invalid.text')}</p>
      <Link to="/" className={buttonStyles.primary}>
        {t('households.join.goHome')}
      </Link>
    </section>
  );
}

function AlreadyInHousehold() {
  const t = useT();
  const { data: household } = useCurrentHousehold();
  return (
    <section className={`${cardStyles} space-y-4 text-center`}>
      <h1 className="font-bold text-2xl">{t('households.join.already.title')}</h1>
      <p className={mutedText}>
        {household
          ? t('households.join.already.member', { household: household.name })
          : t('households.join.already.text')}
      </p>
      <div className="flex flex-col gap-2">
        <Link to="/" className={buttonStyles.primary}>
          {t('households.join.goHome')}
        </Link>
        <Link to="/settings" className={buttonStyles.ghost}>
          {t('households.join.openSettings')}
        </Link>
      </div>
    </section>
  );
}

function ConfirmJoin({ code }: { code: string }) {
  const t = useT();
  const join = useJoinHousehold();
  const busy = join.isPending || join.isSuccess;
  const onJoin = () =>
    join.mutate(code, {
      onSuccess: () => {
        finishOnboarding();
        window.location.assign('/');
      },
    });
  return (
    <section aria-labelledby="join-title" className={`${cardStyles} space-y-5 text-center`}>
      <span className="mx-auto inline-flex size-14 items-center justify-center rounded-2xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
        <KeyIcon className="size-7" />
      </span>
      <div className="space-y-2">
        <h1 id="join-title" className="font-bold text-2xl">
          {t('households.join.title')}
        </h1>
        <p className={mutedText}>
          <T
            id="households.join.question"
            values={{ code }}
            components={{ 0: <strong className="font-mono text-slate-900 dark:text-slate-100" /> }}
          />
        </p>
      </div>
      {join.error && (
        <ErrorCard title={t('households.join.errorTitle')} message={joinErrorDetail(join.error.message)} />
      )}
      <div className="flex flex-col gap-2">
        <button
          type="button"
          onClick={onJoin}
          disabled={busy}
          aria-busy={busy}
          className={buttonStyles.primary}
        >
          {busy ? t('households.join.joining') : t('households.join.submit')}
        </button>
        <Link to="/" className={buttonStyles.ghost}>
          {t('households.join.cancel')}
        </Link>
      </div>
    </section>
  );
}

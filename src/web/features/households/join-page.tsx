import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  INVITE_TOKEN_PARAM,
  inviteCodeFromLink,
  JOIN_ERROR_TITLE,
  joinErrorDetail,
} from '#shared/households/invites.ts';
import type { AppState } from '#shared/screens/app-state.ts';
import { Brand } from '../../components/brand.tsx';
import { ErrorCard } from '../../components/error-card.tsx';
import { KeyIcon } from '../../components/icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
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
  return (
    <section className={`${cardStyles} space-y-4 text-center`}>
      <h1 className="font-bold text-2xl">Invite link not valid</h1>
      <p className={mutedText}>
        This link does not contain an invite code. Ask your roommate to share it again, or enter the code
        yourself.
      </p>
      <Link to="/" className={buttonStyles.primary}>
        Go Home
      </Link>
    </section>
  );
}

function AlreadyInHousehold() {
  const { data: household } = useCurrentHousehold();
  return (
    <section className={`${cardStyles} space-y-4 text-center`}>
      <h1 className="font-bold text-2xl">You're already in a household</h1>
      <p className={mutedText}>
        {household ? `You are a member of ${household.name}. ` : ''}To join another household, leave this one
        in Settings first.
      </p>
      <div className="flex flex-col gap-2">
        <Link to="/" className={buttonStyles.primary}>
          Go Home
        </Link>
        <Link to="/settings" className={buttonStyles.ghost}>
          Open Settings
        </Link>
      </div>
    </section>
  );
}

function ConfirmJoin({ code }: { code: string }) {
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
          Join Household
        </h1>
        <p className={mutedText}>
          Join household with code{' '}
          <strong className="font-mono text-slate-900 dark:text-slate-100">{code}</strong>?
        </p>
      </div>
      {join.error && <ErrorCard title={JOIN_ERROR_TITLE} message={joinErrorDetail(join.error.message)} />}
      <div className="flex flex-col gap-2">
        <button
          type="button"
          onClick={onJoin}
          disabled={busy}
          aria-busy={busy}
          className={buttonStyles.primary}
        >
          {busy ? 'Joining...' : 'Join Household'}
        </button>
        <Link to="/" className={buttonStyles.ghost}>
          Cancel
        </Link>
      </div>
    </section>
  );
}

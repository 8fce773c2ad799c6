import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { INVITE_TOKEN_PARAM } from '#shared/households/invites.ts';
import { linkStyles } from '../../components/ui.ts';
import { useInvitePreview } from './api/invite-preview.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { SignInForm } from './components/sign-in-form.tsx';
import { SignUpForm } from './components/sign-up-form.tsx';

type Mode = 'signin' | 'signup';

const copy: Record<Mode, { title: string; subtitle: string; switchText: string; switchAction: string }> = {
  signin: {
    title: 'Welcome back',
    subtitle: 'Sign in to see what is happening at home.',
    switchText: 'New to Hearth?',
    switchAction: 'Create Account',
  },
  signup: {
    title: "There's always room for one more",
    subtitle: 'Create your free account to get your household started.',
    switchText: 'Already have an account?',
    switchAction: 'Sign In',
  },
};

/**
 * Sign In and Create Account on one screen; switching starts a fresh form (docs/accounts.md). From
 * an e-mailed invite (`?invite=`) it opens on Create Account, naming the household and who invites,
 * with the invited address filled in (docs/households.md, Invites by e-mail).
 */
export function AuthPage() {
  const [search] = useSearchParams();
  const inviteToken = search.get(INVITE_TOKEN_PARAM);
  const invite = useInvitePreview(inviteToken).data;
  const [mode, setMode] = useState<Mode>(inviteToken ? 'signup' : 'signin');
  const text = copy[mode];
  const invited = mode === 'signup' && invite;
  return (
    <AuthLayout
      title={invited ? `Join ${invite.householdName}` : text.title}
      subtitle={
        invited
          ? `${invite.inviterName ?? 'A roommate'} invited you to share chores, bills and plans on Hearth. Create your account, then confirm to join.`
          : text.subtitle
      }
      footer={
        <>
          {text.switchText}{' '}
          <button
            type="button"
            className={linkStyles}
            onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}
          >
            {text.switchAction}
          </button>
        </>
      }
    >
      {/* A new key remounts the form: values, messages and the chosen photo are all cleared. */}
      {mode === 'signin' ? (
        <SignInForm key="signin" />
      ) : (
        <SignUpForm key={`signup ${invite?.email ?? ''}`} email={invite?.email ?? ''} />
      )}
    </AuthLayout>
  );
}

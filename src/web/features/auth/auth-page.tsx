import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUTH_MODE_PARAM } from '#shared/accounts/paths.ts';
import { INVITE_TOKEN_PARAM } from '#shared/households/invites.ts';
import { linkStyles } from '../../components/ui.ts';
import { type MessageId, useT } from '../../lib/i18n.tsx';
import { useInvitePreview } from './api/invite-preview.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { SignInForm } from './components/sign-in-form.tsx';
import { SignUpForm } from './components/sign-up-form.tsx';

type Mode = 'signin' | 'signup';

type Copy = { title: MessageId; subtitle: MessageId; switchText: MessageId; switchAction: MessageId };
const copy: Record<Mode, Copy> = {
  signin: {
    title: 'auth.signIn.title',
    subtitle: 'auth.signIn.subtitle',
    switchText: 'auth.signIn.switchText',
    switchAction: 'auth.signIn.switchAction',
  },
  signup: {
    title: 'auth.signUp.title',
    subtitle: 'auth.signUp.subtitle',
    switchText: 'auth.signUp.switchText',
    switchAction: 'auth.signUp.switchAction',
  },
};

/**
 * Sign In and Create Account on one screen; switching starts a fresh form (docs/accounts.md). It
 * opens on Create Account from the landing page's Get Started (`?mode=signup`) and from an e-mailed
 * invite (`?invite=`), which also names the household and who invites, with the invited address
 * filled in (docs/households.md, Invites by e-mail).
 */
export function AuthPage() {
  const [search] = useSearchParams();
  const inviteToken = search.get(INVITE_TOKEN_PARAM);
  const invite = useInvitePreview(inviteToken).data;
  const [mode, setMode] = useState<Mode>(
    inviteToken || search.get(AUTH_MODE_PARAM) === 'signup' ? 'signup' : 'signin',
  );
  const t = useT();
  const text = copy[mode];
  const invited = mode === 'signup' && invite;
  return (
    <AuthLayout
      title={invited ? t('auth.invite.title', { household: invite.householdName }) : t(text.title)}
      subtitle={
        invited
          ? t('auth.invite.subtitle', { inviter: invite.inviterName ?? t('auth.invite.someone') })
          : t(text.subtitle)
      }
      footer={
        <>
          {t(text.switchText)}{' '}
          <button
            type="button"
            className={linkStyles}
            onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}
          >
            {t(text.switchAction)}
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

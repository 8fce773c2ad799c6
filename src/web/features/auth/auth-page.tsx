import { useState } from 'react';
import { Brand } from '../../components/brand.tsx';
import { cardStyles, linkStyles, mutedText } from '../../components/ui.ts';
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

/** Sign In and Create Account on one screen; switching starts a fresh form (docs/accounts.md). */
export function AuthPage() {
  const [mode, setMode] = useState<Mode>('signin');
  const text = copy[mode];
  return (
    <div className="flex flex-col gap-6 px-5 pt-6 pb-10">
      <header>
        <Brand />
      </header>
      <div className="space-y-2">
        <h1 className="font-bold text-3xl tracking-tight">{text.title}</h1>
        <p className={mutedText}>{text.subtitle}</p>
      </div>
      <div className={cardStyles}>
        {/* A new key remounts the form: values, messages and the chosen photo are all cleared. */}
        {mode === 'signin' ? <SignInForm key="signin" /> : <SignUpForm key="signup" />}
      </div>
      <p className={`text-center ${mutedText}`}>
        {text.switchText}{' '}
        <button
          type="button"
          className={linkStyles}
          onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}
        >
          {text.switchAction}
        </button>
      </p>
    </div>
  );
}

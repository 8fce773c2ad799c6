import { useState } from 'react';
import { DEFAULT_PROFILE_COLOR, type ProfileColor } from '#shared/accounts/users.ts';
import { normalizeAuthError } from '#shared/errors.ts';
import { ColorPicker } from '../../../components/color-picker.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { TextField } from '../../../components/form-fields.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { registerResolver } from '../account-resolvers.ts';
import { useRegister } from '../api/register.ts';
import { finishSignIn } from '../session.ts';
import { AuthErrorCard } from './auth-error-card.tsx';
import { PhotoPicker } from './photo-picker.tsx';

/** Create Account; `email` fills the address in (an invite sent to it). */
export function SignUpForm({ email = '' }: { email?: string } = {}) {
  const form = useSchemaForm({
    defaultValues: { firstName: '', lastName: '', email, password: '', confirmPassword: '' },
    resolver: registerResolver,
  });
  // Sent after the account exists, not checked with it (docs/accounts.md).
  const [photo, setPhoto] = useState<File | null>(null);
  const [profileColor, setProfileColor] = useState<ProfileColor>(DEFAULT_PROFILE_COLOR);
  const register = useRegister();
  const t = useT();
  const busy = form.isSubmitting || register.isPending || register.isSuccess;
  const formError = form.errors.root;

  return (
    <form
      ref={form.formRef}
      onFocus={registerResolver.preload}
      onSubmit={form.submit((account) =>
        register.mutate(
          { account, photo, profileColor },
          { onSuccess: (user) => finishSignIn(user, { newSignup: true }) },
        ),
      )}
      noValidate
      className="space-y-4"
    >
      {formError ? (
        <AuthErrorCard message={formError} />
      ) : (
        register.error && (
          <AuthErrorCard message={normalizeAuthError(register.error.message || t('auth.signUp.failed'))} />
        )
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('auth.field.firstName')}
          name="firstName"
          autoComplete="given-name"
          {...form.text('firstName')}
        />
        <TextField
          label={t('auth.field.lastName')}
          name="lastName"
          autoComplete="family-name"
          {...form.text('lastName')}
        />
      </div>
      <TextField
        label={t('auth.field.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        {...form.text('email')}
      />
      <TextField
        label={t('auth.field.password')}
        type="password"
        name="password"
        autoComplete="new-password"
        hint={t('auth.signUp.passwordHint')}
        {...form.text('password')}
      />
      <TextField
        label={t('auth.field.confirmPassword')}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        {...form.text('confirmPassword')}
      />
      <PhotoPicker photo={photo} onChange={setPhoto} />
      <ColorPicker value={profileColor} onChange={setProfileColor} />
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? t('auth.signUp.busy') : t('auth.signUp.submit')}
      </button>
    </form>
  );
}

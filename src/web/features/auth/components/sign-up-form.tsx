import { useState } from 'react';
import { normalizeAuthError } from '#shared/errors.ts';
import { DEFAULT_PROFILE_COLOR, type ProfileColor } from '#shared/users.ts';
import { ColorPicker } from '../../../components/color-picker.tsx';
import { TextField } from '../../../components/form-fields.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { useRegister } from '../api/register.ts';
import { finishSignIn } from '../session.ts';
import { useFormFields } from '../use-form-fields.ts';
import { AuthErrorCard } from './auth-error-card.tsx';
import { PhotoPicker } from './photo-picker.tsx';

export function SignUpForm() {
  const { values, errors, setField, validate, checking, formError, formProps } = useFormFields({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [profileColor, setProfileColor] = useState<ProfileColor>(DEFAULT_PROFILE_COLOR);
  const register = useRegister();
  const busy = checking || register.isPending || register.isSuccess;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const account = await validate((v) => v.registerSchema);
    if (!account) return;
    register.mutate(
      { account, photo, profileColor },
      { onSuccess: (user) => finishSignIn(user, { newSignup: true }) },
    );
  };

  return (
    <form {...formProps} onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? (
        <AuthErrorCard message={formError} />
      ) : (
        register.error && (
          <AuthErrorCard message={normalizeAuthError(register.error.message || 'Registration failed')} />
        )
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={(e) => setField('firstName', e.target.value)}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={(e) => setField('lastName', e.target.value)}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        error={errors.email}
        onChange={(e) => setField('email', e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        hint="At least 8 characters"
        value={values.password}
        error={errors.password}
        onChange={(e) => setField('password', e.target.value)}
      />
      <TextField
        label="Confirm password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => setField('confirmPassword', e.target.value)}
      />
      <PhotoPicker photo={photo} onChange={setPhoto} />
      <ColorPicker value={profileColor} onChange={setProfileColor} />
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}

import { useEffect, useState } from 'react';
import type { PublicUser } from '#shared/users.ts';
import { TextField } from '../../components/form-fields.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { useUpdateNames } from './api/profile.ts';

/** First and last name; Save needs a first name that is not blank (docs/accounts.md, Profile). */
export function NameForm({ user }: { user: PublicUser }) {
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [saved, setSaved] = useState(false);
  const update = useUpdateNames();

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), 2_000);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const canSave = firstName.trim() !== '' && !update.isPending;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    update.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim() },
      {
        onSuccess: () => setSaved(true),
        // Name edit failures are only logged (docs/client.md, Errors).
        onError: (error) => console.warn('Saving the name failed', error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Your name">
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => {
            setFirstName(e.target.value);
            setSaved(false);
          }}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => {
            setLastName(e.target.value);
            setSaved(false);
          }}
        />
      </div>
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={!canSave}
          aria-busy={update.isPending}
          className={buttonStyles.primary}
        >
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
        <span role="status" className={`text-sm ${mutedText}`}>
          {saved ? 'Name saved' : ''}
        </span>
      </div>
    </form>
  );
}

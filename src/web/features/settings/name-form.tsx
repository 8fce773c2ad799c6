import '#shared/i18n/compiled/areas/settings.ts';
import { useEffect, useState } from 'react';
import type { PublicUser } from '#shared/accounts/api.ts';
import { updateNamesSchema } from '#shared/validation.ts';
import { schemaResolver } from '../../components/form/resolvers.ts';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { TextField } from '../../components/form-fields.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { useUpdateNames } from './api/profile.ts';

const resolver = schemaResolver(updateNamesSchema);

/** First and last name; Save needs a first name that is not blank (docs/accounts.md, Profile). */
export function NameForm({ user }: { user: PublicUser }) {
  const t = useT();
  const form = useSchemaForm({
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
    resolver,
  });
  const [saved, setSaved] = useState(false);
  const update = useUpdateNames();

  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), 2_000);
    return () => window.clearTimeout(timer);
  }, [saved]);

  const canSave = form.values.firstName.trim() !== '' && !update.isPending;
  const edit = (field: 'firstName' | 'lastName') => (event: { target: { value: string } }) => {
    form.set(field, event.target.value);
    setSaved(false);
  };

  return (
    <form
      ref={form.formRef}
      onSubmit={form.submit(
        (names) =>
          update.mutate(names, {
            onSuccess: () => setSaved(true),
            // Name edit failures are only logged (docs/client.md, Errors).
            onError: (error) => console.warn('Saving the name failed', error),
          }),
        { blocked: !canSave },
      )}
      className="space-y-3"
      aria-label={t('settings.profile.name.form')}
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('settings.profile.name.first')}
          name="firstName"
          autoComplete="given-name"
          {...form.text('firstName')}
          onChange={edit('firstName')}
        />
        <TextField
          label={t('settings.profile.name.last')}
          name="lastName"
          autoComplete="family-name"
          {...form.text('lastName')}
          onChange={edit('lastName')}
        />
      </div>
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={!canSave}
          aria-busy={update.isPending}
          className={buttonStyles.primary}
        >
          {update.isPending ? t('settings.common.saving') : t('settings.profile.name.save')}
        </button>
        <span role="status" className={`text-sm ${mutedText}`}>
          {saved ? t('settings.profile.name.saved') : ''}
        </span>
      </div>
    </form>
  );
}

import '#shared/i18n/compiled/areas/settings.ts';
import type { Household } from '#shared/households/api.ts';
import { createHouseholdSchema, HOUSEHOLD_NAME_MAX } from '#shared/households/schemas.ts';
import { schemaResolver } from '../../../components/form/resolvers.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { TextField } from '../../../components/form-fields.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { useUpdateHousehold } from '../../households/index.ts';

// A new name follows the rules of a household's first one.
const resolver = schemaResolver(createHouseholdSchema);

/**
 * Any member may rename the household; a blank name is never sent (docs/households.md, Household
 * settings).
 */
export function HouseholdNameForm({ household }: { household: Household }) {
  const t = useT();
  const form = useSchemaForm({ defaultValues: { name: household.name }, resolver });
  const [status, showStatus] = useTimedMessage(2_000);
  const update = useUpdateHousehold();
  const trimmed = form.values.name.trim();
  const canSave = trimmed !== '' && trimmed !== household.name && !update.isPending;

  return (
    <form
      ref={form.formRef}
      onSubmit={form.submit(
        (change) =>
          update.mutate(change, {
            onSuccess: (saved) => {
              form.setValue('name', saved.name);
              showStatus(t('settings.household.name.saved'));
            },
            // Name edit failures are only logged (docs/client.md, Errors).
            onError: (error) => console.warn('Saving the household name failed', error),
          }),
        { blocked: !canSave },
      )}
      className="space-y-3"
      aria-label={t('settings.household.name.form')}
    >
      <TextField
        label={t('settings.household.name.label')}
        name="householdName"
        autoComplete="off"
        maxLength={HOUSEHOLD_NAME_MAX}
        {...form.text('name')}
      />
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={!canSave}
          aria-busy={update.isPending}
          className={buttonStyles.secondary}
        >
          {update.isPending ? t('settings.common.saving') : t('settings.household.name.save')}
        </button>
        <span role="status" className={`text-sm ${mutedText}`}>
          {status ?? ''}
        </span>
      </div>
    </form>
  );
}

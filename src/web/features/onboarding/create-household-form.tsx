import { errorMessage } from '#shared/errors.ts';
import type { Household } from '#shared/households/api.ts';
import { createHouseholdSchema, HOUSEHOLD_NAME_MAX } from '#shared/households/schemas.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { schemaResolver } from '../../components/form/resolvers.ts';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { TextField } from '../../components/form-fields.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { useCreateHousehold } from '../households/index.ts';

const resolver = schemaResolver(createHouseholdSchema);

/** Step 3, Create Household: Continue stays disabled while the trimmed name is blank (docs/households.md). */
export function CreateHouseholdForm({ onCreated }: { onCreated: (household: Household) => void }) {
  const form = useSchemaForm({ defaultValues: { name: '' }, resolver });
  const create = useCreateHousehold();
  const busy = create.isPending || create.isSuccess;
  const canSubmit = form.values.name.trim() !== '' && !busy;

  return (
    <form
      ref={form.formRef}
      onSubmit={form.submit((household) => create.mutate(household, { onSuccess: onCreated }), {
        blocked: !canSubmit,
      })}
      className="flex flex-col gap-6"
      aria-labelledby="create-household-title"
    >
      <div className="space-y-2 text-center">
        <h1 id="create-household-title" className="font-bold text-3xl tracking-tight">
          Create Household
        </h1>
        <p className={mutedText}>Give your home a name your roommates will recognise.</p>
      </div>
      {create.error && (
        <ErrorCard title="Unable to Create Household" message={errorMessage(create.error.message)} />
      )}
      <TextField
        label="Household name"
        name="householdName"
        placeholder="e.g. Maple Street Apartment"
        autoComplete="off"
        maxLength={HOUSEHOLD_NAME_MAX}
        {...form.text('name')}
        onChange={(e) => {
          form.set('name', e.target.value);
          if (create.isError) create.reset();
        }}
      />
      <button
        type="submit"
        disabled={!canSubmit}
        aria-busy={busy}
        className={`${buttonStyles.primary} w-full`}
      >
        {busy ? 'Creating...' : 'Continue'}
      </button>
    </form>
  );
}

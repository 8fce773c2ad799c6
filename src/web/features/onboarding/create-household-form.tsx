import { errorMessage } from '#shared/errors.ts';
import type { Household } from '#shared/households/api.ts';
import { createHouseholdSchema, HOUSEHOLD_NAME_MAX } from '#shared/households/schemas.ts';
import { currencyForLocale, DEFAULT_CURRENCY } from '#shared/money.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { schemaResolver } from '../../components/form/resolvers.ts';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { SelectField, TextField } from '../../components/form-fields.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { currencyOptions } from '../../lib/currencies.ts';
import { browserTags, useLocaleFormat, useT } from '../../lib/i18n.tsx';
import { useCreateHousehold } from '../households/index.ts';

const resolver = schemaResolver(createHouseholdSchema);

/** Step 3, Create Household: Continue stays disabled while the trimmed name is blank (docs/households.md). */
export function CreateHouseholdForm({ onCreated }: { onCreated: (household: Household) => void }) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const form = useSchemaForm({
    // Where the browser says the creator is, that place's currency; they may pick another.
    defaultValues: { name: '', currency: currencyForLocale(browserTags()[0]) },
    resolver,
  });
  const create = useCreateHousehold();
  const currency = form.values.currency ?? DEFAULT_CURRENCY;
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
          {t('onboarding.create.title')}
        </h1>
        <p className={mutedText}>{t('onboarding.create.text')}</p>
      </div>
      {create.error && (
        <ErrorCard title={t('onboarding.create.errorTitle')} message={errorMessage(create.error.message)} />
      )}
      <TextField
        label={t('onboarding.create.name')}
        name="householdName"
        placeholder={t('onboarding.create.namePlaceholder')}
        autoComplete="off"
        maxLength={HOUSEHOLD_NAME_MAX}
        {...form.text('name')}
        onChange={(e) => {
          form.set('name', e.target.value);
          if (create.isError) create.reset();
        }}
      />
      <SelectField
        label={t('onboarding.create.currency')}
        name="currency"
        options={currencyOptions(currency, locale)}
        value={currency}
        onValue={(value) => form.set('currency', String(value))}
      />
      <button
        type="submit"
        disabled={!canSubmit}
        aria-busy={busy}
        className={`${buttonStyles.primary} w-full`}
      >
        {busy ? t('onboarding.create.busy') : t('onboarding.create.submit')}
      </button>
    </form>
  );
}

import { useNavigate } from 'react-router';
import type { PublicUser } from '#shared/accounts/api.ts';
import { errorMessage } from '#shared/errors.ts';
import {
  type CreateListingInput,
  listingFormComplete,
  listingMessages,
  listingSchemas,
} from '#shared/listings/schemas.ts';
import {
  defaultListingForm,
  type ListingFormValues,
  listingCreateInput,
  localIsoDate,
} from '#shared/listings/view.ts';
import { DEFAULT_CURRENCY, isCurrency } from '#shared/money.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import { checkResolver, checkSchema } from '../../../components/form/resolvers.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { SparklesIcon } from '../../../components/icons.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useT } from '../../../lib/i18n.tsx';
import { isAdmin, useCurrentHousehold } from '../../households/index.ts';
import { useCreateListing } from '../api/create-listing.ts';
import { useListingPrefill } from '../api/get-prefill.ts';
import { useListingPlace } from '../use-listing-place.ts';
import { ListingFormFields } from './listing-form-fields.tsx';
import { type Photo, PhotoPicker } from './photo-picker.tsx';

type ListingValues = ListingFormValues & { photos: Photo[] };

/** The photos' messages ('images.2') show under the photos. */
const fieldOf = ([head]: string[]) => (head === 'images' ? 'photos' : head!);

// Rent and utilities are read in the currency chosen beside them. What is sent is the body as
// built (amounts as typed); the schema only checks it, its output being in minor units.
const resolver = checkResolver(async ({ photos, ...values }: ListingValues) => {
  const input = listingCreateInput(
    values,
    photos.map((p) => p.dataUrl),
  );
  const currency = isCurrency(values.currency) ? values.currency : DEFAULT_CURRENCY;
  const checked = await checkSchema(listingSchemas(currency).create, input, { fieldOf });
  return checked.ok ? { ok: true as const, value: input } : checked;
});

/** A household admin can start from the household: title, rent share and 'Shared house'. */
function PrefillButton({ onPrefill }: { onPrefill: (values: Partial<ListingFormValues>) => void }) {
  const t = useT();
  const prefill = useListingPrefill();
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={`${buttonStyles.secondary} w-full`}
        disabled={prefill.isPending}
        onClick={() =>
          prefill.mutate(undefined, {
            onSuccess: (data) =>
              onPrefill({
                title: data.title,
                housingType: data.housingType,
                ...(data.rent === null ? {} : { rent: data.rent, currency: data.currency }),
              }),
            onError: (error) => console.warn('Listing prefill failed', error),
          })
        }
      >
        <SparklesIcon className="size-5" />
        {t(prefill.isPending ? 'listings.form.prefilling' : 'listings.form.prefill')}
      </button>
      {prefill.isError && (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          {t('listings.form.prefillError')}
        </p>
      )}
    </div>
  );
}

/**
 * /add-listing's form: every field with its default (docs/listings.md, Fields), photos, the create
 * call. It waits for the household, whose currency the rent starts in.
 */
export function ListingForm({ user }: { user: PublicUser }) {
  const place = useListingPlace();
  return place.ready ? <ListingFormReady user={user} place={place} /> : <PageSpinner />;
}

function ListingFormReady({
  user,
  place,
}: {
  user: PublicUser;
  place: { country: string; currency: string };
}) {
  const t = useT();
  const words = useErrorText();
  const navigate = useNavigate();
  const create = useCreateListing();
  const { data: household } = useCurrentHousehold();
  const form = useSchemaForm<ListingValues, CreateListingInput>({
    defaultValues: { ...defaultListingForm(user.email, localIsoDate(new Date()), place), photos: [] },
    resolver,
  });
  const { values } = form;
  const busy = create.isPending || create.isSuccess;
  const complete = listingFormComplete({ ...values, photos: values.photos.length });

  const onSubmit = form.submit(
    (listing) =>
      create.mutate(listing, {
        onSuccess: () => navigate('/roommates'),
        // Logged for whoever debugs it; the page shows the reason and keeps the form.
        onError: (error) => console.warn('Create listing failed', error),
      }),
    { blocked: busy || !complete },
  );

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {household && isAdmin(household, user.id) && (
        <PrefillButton
          onPrefill={(prefill) => {
            for (const [field, value] of Object.entries(prefill))
              form.setValue(field as keyof ListingFormValues, value as never);
          }}
        />
      )}
      <p className={`text-sm ${mutedText}`}>{t('listings.form.required')}</p>
      <ListingFormFields
        values={values}
        set={(field, value) => form.set(field, value as ListingValues[typeof field])}
        errors={form.errors}
      />
      <PhotoPicker
        photos={values.photos}
        error={form.errors.photos}
        onChange={(update) => form.set('photos', update(form.getValues('photos')))}
      />
      {create.isError && (
        <ErrorCard title={t('listings.form.createError')} message={errorMessage(create.error.message)} />
      )}
      <div className="space-y-2">
        <button
          type="submit"
          className={`${buttonStyles.primary} w-full`}
          disabled={!complete || busy}
          aria-busy={busy}
          aria-describedby={complete ? undefined : 'listing-form-incomplete'}
        >
          {t(busy ? 'listings.form.creating' : 'listings.createListing')}
        </button>
        {!complete && (
          <p id="listing-form-incomplete" className={`text-center text-sm ${mutedText}`}>
            {words(listingMessages.requiredFields)}
          </p>
        )}
      </div>
    </form>
  );
}

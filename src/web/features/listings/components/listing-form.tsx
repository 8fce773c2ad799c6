import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '#shared/errors.ts';
import { isAdmin } from '#shared/household-view.ts';
import {
  defaultListingForm,
  type ListingFormValues,
  listingCreateInput,
  localIsoDate,
} from '#shared/listing-view.ts';
import { createListingSchema, listingFormComplete, listingMessages } from '#shared/listings.ts';
import type { PublicUser } from '#shared/users.ts';
import { fieldErrors } from '#shared/validation.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import { SparklesIcon } from '../../../components/icons.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
import { useCurrentHousehold } from '../../households/api/get-household.ts';
import { useCreateListing } from '../api/create-listing.ts';
import { useListingPrefill } from '../api/get-prefill.ts';
import { ListingFormFields } from './listing-form-fields.tsx';
import { type Photo, PhotoPicker } from './photo-picker.tsx';

/** Which field shows a schema message ('images.2' → the photos). */
function errorsByField(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0]!;
    if (!(field in out)) out[field] = message;
  }
  return out;
}

/** A household admin can start from the household: title, rent share and 'Shared house'. */
function PrefillButton({ onPrefill }: { onPrefill: (values: Partial<ListingFormValues>) => void }) {
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
                ...(data.rent === null ? {} : { rent: String(data.rent) }),
              }),
            onError: (error) => console.warn('Listing prefill failed', error),
          })
        }
      >
        <SparklesIcon className="size-5" />
        {prefill.isPending ? 'Prefilling...' : 'Prefill from my household'}
      </button>
      {prefill.isError && (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          Could not read your household. Please fill in the form yourself.
        </p>
      )}
    </div>
  );
}

/** /add-listing's form: every field with its default (docs/listings.md, Fields), photos, the create call. */
export function ListingForm({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const create = useCreateListing();
  const { data: household } = useCurrentHousehold();
  const [values, setValues] = useState<ListingFormValues>(() =>
    defaultListingForm(user.email, localIsoDate(new Date())),
  );
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = create.isPending || create.isSuccess;
  const complete = listingFormComplete({ ...values, photos: photos.length });

  // After a refused submit the first field with a message takes the focus.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends keyof ListingFormValues>(field: K, value: ListingFormValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => {
      if (!(field in prev)) return prev;
      const { [field]: _cleared, ...rest } = prev;
      return rest;
    });
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy || !complete) return;
    const parsed = createListingSchema.safeParse(
      listingCreateInput(
        values,
        photos.map((p) => p.dataUrl),
      ),
    );
    if (!parsed.success) {
      setErrors(errorsByField(fieldErrors(parsed.error)));
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => navigate('/roommates'),
      // Logged for whoever debugs it; the page shows the reason and keeps the form.
      onError: (error) => console.warn('Create listing failed', error),
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {household && isAdmin(household, user.id) && (
        <PrefillButton onPrefill={(prefill) => setValues((prev) => ({ ...prev, ...prefill }))} />
      )}
      <p className={`text-sm ${mutedText}`}>Fields marked * are required.</p>
      <ListingFormFields values={values} set={set} errors={errors} />
      <PhotoPicker
        photos={photos}
        error={errors.images}
        onChange={(update) => {
          setPhotos(update);
          setErrors(({ images: _cleared, ...rest }) => rest);
        }}
      />
      {create.isError && (
        <ErrorCard title="Unable to create listing" message={errorMessage(create.error.message)} />
      )}
      <div className="space-y-2">
        <button
          type="submit"
          className={`${buttonStyles.primary} w-full`}
          disabled={!complete || busy}
          aria-busy={busy}
          aria-describedby={complete ? undefined : 'listing-form-incomplete'}
        >
          {busy ? 'Creating Listing...' : 'Create Listing'}
        </button>
        {!complete && (
          <p id="listing-form-incomplete" className={`text-center text-sm ${mutedText}`}>
            {listingMessages.requiredFields}
          </p>
        )}
      </div>
    </form>
  );
}

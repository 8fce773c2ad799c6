import { useEffect, useId, useRef } from 'react';
import { EMPTY_FILTERS, type ListingFilters } from '#shared/listings/browse-filters.ts';
import { HOUSING_TYPES, ROOM_TYPES } from '#shared/listings/rules.ts';
import {
  HOUSING_TYPE_LABELS,
  type HousingType,
  ROOM_TYPE_LABELS,
  type RoomType,
  rentRangeError,
} from '#shared/listings/view.ts';
import { checkResolver } from '../../../components/form/resolvers.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { optionsOf, SelectField, TextField } from '../../../components/form-fields.tsx';
import { XIcon } from '../../../components/icons.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { i18n, useT } from '../../../lib/i18n.tsx';

import { useCountryOptions, useCurrencyOptions, useListingPlace } from '../use-listing-place.ts';

/**
 * The rent range's message shows under the minimum (the maximum is marked too), in the language
 * active when the filters are applied.
 */
const resolver = checkResolver((draft: ListingFilters) => {
  const problem = rentRangeError(draft);
  return problem
    ? { ok: false, errors: { minRent: i18n._(problem.id, problem.values) } }
    : { ok: true, value: draft };
});

/**
 * The filters of the board as a bottom sheet on the native <dialog>: the browser traps focus,
 * closes on Escape and makes the page behind inert. Changes apply on 'Show results'.
 */
export function FilterSheet({
  open,
  filters,
  onApply,
  onClose,
}: {
  open: boolean;
  filters: ListingFilters;
  onApply: (filters: ListingFilters) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const t = useT();
  const id = useId();
  const place = useListingPlace();
  const any = { value: '' as const, label: t('listings.filters.any') };
  const roomOptions = [any, ...optionsOf(ROOM_TYPES, ROOM_TYPE_LABELS, t)];
  const housingOptions = [any, ...optionsOf(HOUSING_TYPES, HOUSING_TYPE_LABELS, t)];
  const countryOptions = [any, ...useCountryOptions(place.locale)];
  const currencyOptions = useCurrencyOptions(place.locale);
  // The rent range is read in its currency: the one in the address, else the viewer's own.
  const withCurrency = (draft: ListingFilters) => ({ ...draft, currency: draft.currency || place.currency });
  const form = useSchemaForm({
    defaultValues: filters,
    resolver,
    // The range's message answers either end of it.
    clears: (field) =>
      field === 'minRent' || field === 'maxRent' || field === 'currency' ? ['minRent'] : [],
    focusFirstError: false,
  });
  const error = form.errors.minRent;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's own functions are stable.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      form.reset(withCurrency(filters));
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, filters]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="mx-auto mt-auto mb-0 max-h-[90dvh] w-full max-w-[430px] rounded-t-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <form
          noValidate
          className="flex flex-col gap-4 p-5"
          onSubmit={form.submit((draft) =>
            onApply({
              ...draft,
              q: filters.q,
              currency: draft.minRent || draft.maxRent ? draft.currency : '',
            }),
          )}
        >
          <div className="flex items-center justify-between">
            <h2 id={`${id}-title`} className="font-bold text-xl">
              {t('listings.filters.title')}
            </h2>
            <button
              type="button"
              aria-label={t('listings.filters.close')}
              className={buttonStyles.icon}
              onClick={onClose}
            >
              <XIcon className="size-5" />
            </button>
          </div>
          <SelectField<string>
            label={t('listings.field.country')}
            options={countryOptions}
            {...form.select('country')}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t('listings.field.city')}
              name="city"
              autoComplete="address-level2"
              maxLength={100}
              {...form.text('city')}
            />
            <TextField
              label={t('listings.filters.postcode')}
              name="postcode"
              autoComplete="postal-code"
              maxLength={20}
              {...form.text('postcode')}
            />
          </div>
          <fieldset className="grid grid-cols-2 gap-3">
            <legend className="sr-only">{t('listings.field.rent')}</legend>
            <TextField
              label={t('listings.filters.minRent')}
              name="minRent"
              inputMode="decimal"
              {...form.text('minRent')}
            />
            <TextField
              label={t('listings.filters.maxRent')}
              name="maxRent"
              inputMode="decimal"
              {...form.text('maxRent')}
              aria-invalid={error ? true : undefined}
            />
            <div className="col-span-2">
              <SelectField<string>
                label={t('listings.filters.currency')}
                options={currencyOptions}
                {...form.select('currency')}
              />
            </div>
          </fieldset>
          <SelectField<RoomType | ''>
            label={t('listings.field.roomType')}
            options={roomOptions}
            {...form.select('roomType')}
          />
          <SelectField<HousingType | ''>
            label={t('listings.field.housingType')}
            options={housingOptions}
            {...form.select('housingType')}
          />
          <TextField
            label={t('listings.filters.availableBy')}
            name="availableBy"
            type="date"
            {...form.text('availableBy')}
          />
          <div className="flex gap-2 pt-2">
            <button
              type="button"
              className={`${buttonStyles.secondary} flex-1`}
              onClick={() => form.reset(withCurrency({ ...EMPTY_FILTERS, q: filters.q }))}
            >
              {t('listings.filters.clear')}
            </button>
            <button type="submit" className={`${buttonStyles.primary} flex-1`}>
              {t('listings.filters.show')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

import { countryUsesPostcodes } from '#shared/countries.ts';
import { STREET_VISIBILITIES, type StreetVisibility } from '#shared/listings/rules.ts';
import { type ListingFormValues, STREET_VISIBILITY_LABELS } from '#shared/listings/view.ts';
import { currencyExponent, isCurrency } from '#shared/money.ts';
import { optionsOf, SelectField, TextField } from '../../../components/form-fields.tsx';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { useCountryOptions, useCurrencyOptions } from '../use-listing-place.ts';
import type { SetField } from './listing-form-fields.tsx';

interface FieldsProps {
  values: ListingFormValues;
  set: SetField;
  errors: Record<string, string>;
}

/** Rent and utilities per month in the listing's currency (docs/listings.md, Fields). */
export function RentFields({ values, set, errors }: FieldsProps) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const currencies = useCurrencyOptions(locale);
  const wholeUnits = isCurrency(values.currency) && currencyExponent(values.currency) === 0;
  const amount = { inputMode: wholeUnits ? 'numeric' : 'decimal', autoComplete: 'off' } as const;
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          markRequired
          label={t('listings.field.rent')}
          name="rent"
          required
          {...amount}
          value={values.rent}
          error={errors.rent}
          onChange={(e) => set('rent', e.target.value)}
        />
        <TextField
          markRequired
          label={t('listings.field.utilities')}
          name="utilities"
          {...amount}
          value={values.utilities}
          error={errors.utilities}
          onChange={(e) => set('utilities', e.target.value)}
        />
      </div>
      <SelectField<string>
        label={t('listings.field.currency')}
        name="currency"
        value={values.currency}
        options={currencies}
        error={errors.currency}
        onValue={(v) => set('currency', v)}
      />
    </>
  );
}

/**
 * Where the room is: the area everyone sees (country, postcode, city, region) and the exact street,
 * which only the poster sees unless they choose otherwise (docs/listings.md, Addresses).
 */
export function AddressFields({ values, set, errors }: FieldsProps) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const countries = useCountryOptions(locale);
  const options = values.country
    ? countries
    : [{ value: '', label: t('listings.field.chooseCountry') }, ...countries];
  return (
    <>
      <SelectField<string>
        label={t('listings.field.country')}
        name="country"
        required
        autoComplete="country"
        value={values.country}
        options={options}
        error={errors.country}
        onValue={(v) => set('country', v)}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          markRequired
          label={t('listings.field.postcode')}
          name="postcode"
          required={values.country === '' || countryUsesPostcodes(values.country)}
          maxLength={20}
          autoComplete="postal-code"
          value={values.postcode}
          error={errors.postcode}
          onChange={(e) => set('postcode', e.target.value)}
        />
        <TextField
          markRequired
          label={t('listings.field.city')}
          name="city"
          required
          maxLength={100}
          autoComplete="address-level2"
          value={values.city}
          error={errors.city}
          onChange={(e) => set('city', e.target.value)}
        />
      </div>
      <TextField
        label={t('listings.field.region')}
        name="region"
        maxLength={100}
        autoComplete="address-level1"
        placeholder={t('listings.field.regionPlaceholder')}
        value={values.region}
        error={errors.region}
        onChange={(e) => set('region', e.target.value)}
      />
      <TextField
        label={t('listings.field.street')}
        name="street"
        maxLength={200}
        autoComplete="street-address"
        placeholder={t('listings.field.streetPlaceholder')}
        value={values.street}
        error={errors.street}
        onChange={(e) => set('street', e.target.value)}
      />
      <SelectField<StreetVisibility>
        label={t('listings.field.streetVisibility')}
        name="streetVisibility"
        value={values.streetVisibility}
        options={optionsOf(STREET_VISIBILITIES, STREET_VISIBILITY_LABELS, t)}
        onValue={(v) => set('streetVisibility', v)}
      />
    </>
  );
}

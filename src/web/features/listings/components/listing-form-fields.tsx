import type { ReactNode } from 'react';
import {
  AMENITIES,
  GENDER_PREFERENCES,
  HOUSING_TYPES,
  LIFESTYLE_PREFERENCES,
  ROOM_TYPES,
  SOCIAL_PREFERENCES,
  STUDENT_YEARS,
  STUDY_HABITS,
} from '#shared/listings/rules.ts';
import {
  AMENITY_LABELS,
  GENDER_PREFERENCE_LABELS,
  type GenderPreference,
  HOUSING_TYPE_LABELS,
  type HousingType,
  LIFESTYLE_LABELS,
  type ListingFormValues,
  ROOM_TYPE_LABELS,
  type RoomType,
  SOCIAL_PREFERENCE_LABELS,
  type SocialPreference,
  STUDENT_YEAR_LABELS,
  STUDY_HABITS_LABELS,
  type StudentYear,
  type StudyHabits,
  toggleIn,
} from '#shared/listings/view.ts';
import {
  CheckboxGroup,
  optionsOf,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/form-fields.tsx';
import { useT } from '../../../lib/i18n.tsx';

import { AddressFields, RentFields } from './listing-address-fields.tsx';

export type SetField = <K extends keyof ListingFormValues>(field: K, value: ListingFormValues[K]) => void;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 font-semibold text-base">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Every listing field with its options (docs/listings.md, Fields); the create and edit forms both use it. */
export function ListingFormFields({
  values,
  set,
  errors,
}: {
  values: ListingFormValues;
  set: SetField;
  errors: Record<string, string>;
}) {
  const t = useT();
  return (
    <>
      <Section title={t('listings.section.basics')}>
        <TextField
          markRequired
          label={t('listings.field.title')}
          name="title"
          required
          maxLength={120}
          autoComplete="off"
          placeholder={t('listings.field.titlePlaceholder')}
          value={values.title}
          error={errors.title}
          onChange={(e) => set('title', e.target.value)}
        />
        <TextAreaField
          label={t('listings.field.description')}
          name="description"
          rows={4}
          maxLength={5000}
          placeholder={t('listings.field.descriptionPlaceholder')}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <RentFields values={values} set={set} errors={errors} />
        <div className="grid grid-cols-2 gap-3">
          <SelectField<RoomType>
            label={t('listings.field.roomType')}
            value={values.roomType}
            options={optionsOf(ROOM_TYPES, ROOM_TYPE_LABELS, t)}
            onValue={(v) => set('roomType', v)}
          />
          <SelectField<HousingType>
            label={t('listings.field.housingType')}
            value={values.housingType}
            options={optionsOf(HOUSING_TYPES, HOUSING_TYPE_LABELS, t)}
            onValue={(v) => set('housingType', v)}
          />
        </div>
      </Section>

      <Section title={t('listings.section.location')}>
        <AddressFields values={values} set={set} errors={errors} />
        <TextField
          markRequired
          label={t('listings.field.university')}
          name="university"
          maxLength={200}
          value={values.university}
          error={errors.university}
          onChange={(e) => set('university', e.target.value)}
        />
        <TextField
          markRequired
          label={t('listings.field.distanceToCampus')}
          name="distanceToCampus"
          maxLength={100}
          placeholder={t('listings.field.distancePlaceholder')}
          value={values.distanceToCampus}
          error={errors.distanceToCampus}
          onChange={(e) => set('distanceToCampus', e.target.value)}
        />
      </Section>

      <Section title={t('listings.section.availability')}>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            markRequired
            label={t('listings.field.availableFrom')}
            name="availableFrom"
            type="date"
            required
            value={values.availableFrom}
            error={errors.availableFrom}
            onChange={(e) => set('availableFrom', e.target.value)}
          />
          <TextField
            markRequired
            label={t('listings.field.availableTo')}
            name="availableTo"
            type="date"
            min={values.availableFrom || undefined}
            value={values.availableTo}
            error={errors.availableTo}
            onChange={(e) => set('availableTo', e.target.value)}
          />
        </div>
      </Section>

      <Section title={t('listings.section.lookingFor')}>
        <div className="grid grid-cols-2 gap-3">
          <SelectField<GenderPreference>
            label={t('listings.field.genderPreference')}
            value={values.genderPreference}
            options={optionsOf(GENDER_PREFERENCES, GENDER_PREFERENCE_LABELS, t)}
            onValue={(v) => set('genderPreference', v)}
          />
          <SelectField<StudentYear>
            label={t('listings.field.studentYear')}
            value={values.studentYear}
            options={optionsOf(STUDENT_YEARS, STUDENT_YEAR_LABELS, t)}
            onValue={(v) => set('studentYear', v)}
          />
          <SelectField<StudyHabits>
            label={t('listings.field.studyHabits')}
            value={values.studyHabits}
            options={optionsOf(STUDY_HABITS, STUDY_HABITS_LABELS, t)}
            onValue={(v) => set('studyHabits', v)}
          />
          <SelectField<SocialPreference>
            label={t('listings.field.socialPreferences')}
            value={values.socialPreferences}
            options={optionsOf(SOCIAL_PREFERENCES, SOCIAL_PREFERENCE_LABELS, t)}
            onValue={(v) => set('socialPreferences', v)}
          />
        </div>
        <CheckboxGroup
          legend={t('listings.field.lifestyle')}
          options={optionsOf(LIFESTYLE_PREFERENCES, LIFESTYLE_LABELS, t)}
          chosen={values.lifestylePreferences}
          onToggle={(v) =>
            set('lifestylePreferences', toggleIn(LIFESTYLE_PREFERENCES, values.lifestylePreferences, v))
          }
        />
      </Section>

      <Section title={t('listings.section.amenities')}>
        <CheckboxGroup
          legend={<span className="sr-only">{t('listings.section.amenities')}</span>}
          options={optionsOf(AMENITIES, AMENITY_LABELS, t)}
          chosen={values.amenities}
          onToggle={(v) => set('amenities', toggleIn(AMENITIES, values.amenities, v))}
        />
      </Section>

      <Section title={t('listings.section.contact')}>
        <TextField
          markRequired
          label={t('listings.field.contactInfo')}
          name="contactInfo"
          required
          maxLength={200}
          autoComplete="email"
          hint={t('listings.field.contactHint')}
          value={values.contactInfo}
          error={errors.contactInfo}
          onChange={(e) => set('contactInfo', e.target.value)}
        />
      </Section>
    </>
  );
}

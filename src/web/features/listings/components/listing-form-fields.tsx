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
import { AddressFields, RentFields } from './listing-address-fields.tsx';

const roomOptions = optionsOf(ROOM_TYPES, ROOM_TYPE_LABELS);
const housingOptions = optionsOf(HOUSING_TYPES, HOUSING_TYPE_LABELS);
const genderOptions = optionsOf(GENDER_PREFERENCES, GENDER_PREFERENCE_LABELS);
const yearOptions = optionsOf(STUDENT_YEARS, STUDENT_YEAR_LABELS);
const studyOptions = optionsOf(STUDY_HABITS, STUDY_HABITS_LABELS);
const socialOptions = optionsOf(SOCIAL_PREFERENCES, SOCIAL_PREFERENCE_LABELS);
const lifestyleOptions = optionsOf(LIFESTYLE_PREFERENCES, LIFESTYLE_LABELS);
const amenityOptions = AMENITIES.map((value) => ({ value, label: value }));

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
  return (
    <>
      <Section title="The basics">
        <TextField
          markRequired
          label="Title"
          name="title"
          required
          maxLength={120}
          autoComplete="off"
          placeholder="e.g. Sunny room near campus"
          value={values.title}
          error={errors.title}
          onChange={(e) => set('title', e.target.value)}
        />
        <TextAreaField
          label="Description"
          name="description"
          rows={4}
          maxLength={5000}
          placeholder="The room, the house, the people you live with"
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <RentFields values={values} set={set} errors={errors} />
        <div className="grid grid-cols-2 gap-3">
          <SelectField<RoomType>
            label="Room type"
            value={values.roomType}
            options={roomOptions}
            onValue={(v) => set('roomType', v)}
          />
          <SelectField<HousingType>
            label="Housing type"
            value={values.housingType}
            options={housingOptions}
            onValue={(v) => set('housingType', v)}
          />
        </div>
      </Section>

      <Section title="Location">
        <AddressFields values={values} set={set} errors={errors} />
        <TextField
          markRequired
          label="University"
          name="university"
          maxLength={200}
          value={values.university}
          error={errors.university}
          onChange={(e) => set('university', e.target.value)}
        />
        <TextField
          markRequired
          label="Distance to campus"
          name="distanceToCampus"
          maxLength={100}
          placeholder="e.g. 10 min walk"
          value={values.distanceToCampus}
          error={errors.distanceToCampus}
          onChange={(e) => set('distanceToCampus', e.target.value)}
        />
      </Section>

      <Section title="Availability">
        <div className="grid grid-cols-2 gap-3">
          <TextField
            markRequired
            label="Available from"
            name="availableFrom"
            type="date"
            required
            value={values.availableFrom}
            error={errors.availableFrom}
            onChange={(e) => set('availableFrom', e.target.value)}
          />
          <TextField
            markRequired
            label="Available to"
            name="availableTo"
            type="date"
            min={values.availableFrom || undefined}
            value={values.availableTo}
            error={errors.availableTo}
            onChange={(e) => set('availableTo', e.target.value)}
          />
        </div>
      </Section>

      <Section title="Who you are looking for">
        <div className="grid grid-cols-2 gap-3">
          <SelectField<GenderPreference>
            label="Gender preference"
            value={values.genderPreference}
            options={genderOptions}
            onValue={(v) => set('genderPreference', v)}
          />
          <SelectField<StudentYear>
            label="Student year"
            value={values.studentYear}
            options={yearOptions}
            onValue={(v) => set('studentYear', v)}
          />
          <SelectField<StudyHabits>
            label="Study habits"
            value={values.studyHabits}
            options={studyOptions}
            onValue={(v) => set('studyHabits', v)}
          />
          <SelectField<SocialPreference>
            label="Social preferences"
            value={values.socialPreferences}
            options={socialOptions}
            onValue={(v) => set('socialPreferences', v)}
          />
        </div>
        <CheckboxGroup
          legend="Lifestyle preferences"
          options={lifestyleOptions}
          chosen={values.lifestylePreferences}
          onToggle={(v) =>
            set('lifestylePreferences', toggleIn(LIFESTYLE_PREFERENCES, values.lifestylePreferences, v))
          }
        />
      </Section>

      <Section title="Amenities">
        <CheckboxGroup
          legend={<span className="sr-only">Amenities</span>}
          options={amenityOptions}
          chosen={values.amenities}
          onToggle={(v) => set('amenities', toggleIn(AMENITIES, values.amenities, v))}
        />
      </Section>

      <Section title="Contact">
        <TextField
          markRequired
          label="Contact info"
          name="contactInfo"
          required
          maxLength={200}
          autoComplete="email"
          hint="An e-mail address opens the mail app; anything else (a phone number) is copied."
          value={values.contactInfo}
          error={errors.contactInfo}
          onChange={(e) => set('contactInfo', e.target.value)}
        />
      </Section>
    </>
  );
}

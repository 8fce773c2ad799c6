import { useEffect, useId, useRef, useState } from 'react';
import { HOUSING_TYPES, ROOM_TYPES } from '#shared/listing-rules.ts';
import {
  EMPTY_FILTERS,
  HOUSING_TYPE_LABELS,
  type HousingType,
  type ListingFilters,
  ROOM_TYPE_LABELS,
  type RoomType,
  rentRangeError,
} from '#shared/listing-view.ts';
import { optionsOf, SelectField, TextField } from '../../../components/form-fields.tsx';
import { XIcon } from '../../../components/icons.tsx';
import { buttonStyles } from '../../../components/ui.ts';

const roomOptions = [{ value: '' as const, label: 'Any' }, ...optionsOf(ROOM_TYPES, ROOM_TYPE_LABELS)];
const housingOptions = [
  { value: '' as const, label: 'Any' },
  ...optionsOf(HOUSING_TYPES, HOUSING_TYPE_LABELS),
];

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
  const id = useId();
  const [draft, setDraft] = useState(filters);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setDraft(filters);
      setError(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, filters]);

  const set = <K extends keyof ListingFilters>(key: K, value: ListingFilters[K]) => {
    setDraft((prev) => ({ ...prev, [key]: value }));
    if (key === 'minRent' || key === 'maxRent') setError(null);
  };

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
          onSubmit={(event) => {
            event.preventDefault();
            const problem = rentRangeError(draft);
            if (problem) {
              setError(problem);
              return;
            }
            onApply({ ...draft, q: filters.q });
          }}
        >
          <div className="flex items-center justify-between">
            <h2 id={`${id}-title`} className="font-bold text-xl">
              Filters
            </h2>
            <button type="button" aria-label="Close filters" className={buttonStyles.icon} onClick={onClose}>
              <XIcon className="size-5" />
            </button>
          </div>
          <TextField
            label="City"
            name="city"
            autoComplete="address-level2"
            maxLength={100}
            value={draft.city}
            onChange={(e) => set('city', e.target.value)}
          />
          <fieldset className="grid grid-cols-2 gap-3">
            <legend className="sr-only">Rent per month</legend>
            <TextField
              label="Min rent ($/month)"
              name="minRent"
              inputMode="numeric"
              value={draft.minRent}
              error={error ?? undefined}
              onChange={(e) => set('minRent', e.target.value)}
            />
            <TextField
              label="Max rent ($/month)"
              name="maxRent"
              inputMode="numeric"
              value={draft.maxRent}
              aria-invalid={error ? true : undefined}
              onChange={(e) => set('maxRent', e.target.value)}
            />
          </fieldset>
          <SelectField<RoomType | ''>
            label="Room type"
            value={draft.roomType}
            options={roomOptions}
            onValue={(v) => set('roomType', v)}
          />
          <SelectField<HousingType | ''>
            label="Housing type"
            value={draft.housingType}
            options={housingOptions}
            onValue={(v) => set('housingType', v)}
          />
          <TextField
            label="Available by"
            name="availableBy"
            type="date"
            value={draft.availableBy}
            onChange={(e) => set('availableBy', e.target.value)}
          />
          <div className="flex gap-2 pt-2">
            <button
              type="button"
              className={`${buttonStyles.secondary} flex-1`}
              onClick={() => {
                setDraft({ ...EMPTY_FILTERS, q: filters.q });
                setError(null);
              }}
            >
              Clear all
            </button>
            <button type="submit" className={`${buttonStyles.primary} flex-1`}>
              Show results
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

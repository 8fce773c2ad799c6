import { useState } from 'react';
import type { Household } from '#shared/household-view.ts';
import { HOUSEHOLD_NAME_MAX } from '#shared/households.ts';
import { TextField } from '../../../components/form-fields.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { useUpdateHousehold } from '../../households/api/update-household.ts';

/**
 * Any member may rename the household; a blank name is never sent (docs/households.md, Household
 * settings).
 */
export function HouseholdNameForm({ household }: { household: Household }) {
  const [name, setName] = useState(household.name);
  const [status, showStatus] = useTimedMessage(2_000);
  const update = useUpdateHousehold();
  const trimmed = name.trim();
  const canSave = trimmed !== '' && trimmed !== household.name && !update.isPending;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    update.mutate(
      { name: trimmed },
      {
        onSuccess: (saved) => {
          setName(saved.name);
          showStatus('Name saved');
        },
        // Name edit failures are only logged (docs/client.md, Errors).
        onError: (error) => console.warn('Saving the household name failed', error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label="Rename household">
      <TextField
        label="Household name"
        name="householdName"
        autoComplete="off"
        maxLength={HOUSEHOLD_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={!canSave}
          aria-busy={update.isPending}
          className={buttonStyles.secondary}
        >
          {update.isPending ? 'Saving...' : 'Save name'}
        </button>
        <span role="status" className={`text-sm ${mutedText}`}>
          {status ?? ''}
        </span>
      </div>
    </form>
  );
}

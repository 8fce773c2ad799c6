import { useId, useState } from 'react';
import { awayPayload, awaySummary, localToday } from '#shared/chore-view.ts';
import type { HouseholdMember } from '#shared/household-view.ts';
import { TextField } from '../../components/form-fields.tsx';
import { buttonStyles, cardStyles, errorText, mutedText } from '../../components/ui.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { useSetAway } from '../households/api/set-away.ts';

/** Away mode: the days the member is away, when chores that take turns pass them by. */
export function AwayCard({ member }: { member: HouseholdMember }) {
  const id = useId();
  const [from, setFrom] = useState(member.awayFrom ?? '');
  const [until, setUntil] = useState(member.awayUntil ?? '');
  const [error, setError] = useState<string | null>(null);
  const [status, showStatus] = useTimedMessage(2_000);
  const save = useSetAway();
  const summary = awaySummary(member.awayFrom, member.awayUntil, localToday(new Date()));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = awayPayload(from, until);
    if (!payload.ok) {
      setError(payload.error);
      return;
    }
    setError(null);
    save.mutate(payload.body, { onSuccess: () => showStatus('Away dates saved') });
  };

  const clear = () => {
    setError(null);
    save.mutate(
      { awayFrom: null, awayUntil: null },
      {
        onSuccess: () => {
          setFrom('');
          setUntil('');
          showStatus('Away mode cleared');
        },
      },
    );
  };

  const edit = (setter: (value: string) => void) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setter(event.target.value);
    setError(null);
  };

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyles} space-y-4`}>
      <div>
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          Away mode
        </h2>
        <p className={`text-sm ${mutedText}`}>Going away? Chores that take turns skip you on these days.</p>
      </div>
      <p data-testid="away-summary" className="font-medium text-sm">
        {summary ?? 'You are not marked as away.'}
      </p>
      <form noValidate onSubmit={onSubmit} className="space-y-3">
        <div className="grid gap-3">
          <TextField
            label="Away from"
            type="date"
            name="awayFrom"
            value={from}
            error={error && !from ? error : undefined}
            onChange={edit(setFrom)}
          />
          <TextField
            label="Away until"
            type="date"
            name="awayUntil"
            min={from || undefined}
            value={until}
            error={error && from ? error : undefined}
            onChange={edit(setUntil)}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={save.isPending}
            aria-busy={save.isPending}
            className={buttonStyles.secondary}
          >
            Save away dates
          </button>
          {(member.awayFrom || from || until) && (
            <button type="button" disabled={save.isPending} className={buttonStyles.ghost} onClick={clear}>
              Clear
            </button>
          )}
          <span role="status" className={`text-sm ${mutedText}`}>
            {status ?? ''}
          </span>
        </div>
        {save.isError && (
          <p role="alert" className={errorText}>
            Failed to save the away dates. Please try again.
          </p>
        )}
      </form>
    </section>
  );
}

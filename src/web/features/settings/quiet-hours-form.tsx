import { useEffect, useState } from 'react';
import { TextField } from '../../components/form-fields.tsx';
import { Switch } from '../../components/switch.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';

type QuietHours = { start: string; end: string } | null;

/** A night by default: switching quiet hours on saves 22:00-07:00 at once, then the times can change. */
const DEFAULT_QUIET: NonNullable<QuietHours> = { start: '22:00', end: '07:00' };

/** Quiet hours (push contract): pushes wait until the end, in this browser's time zone. */
export function QuietHoursForm({
  quietHours,
  onSave,
  saving,
}: {
  quietHours: QuietHours;
  onSave: (quietHours: QuietHours) => void;
  saving: boolean;
}) {
  const [start, setStart] = useState(quietHours?.start ?? DEFAULT_QUIET.start);
  const [end, setEnd] = useState(quietHours?.end ?? DEFAULT_QUIET.end);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!quietHours) return;
    setStart(quietHours.start);
    setEnd(quietHours.end);
  }, [quietHours]);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!start || !end) return setError('Choose both times');
    // Equal times would be an empty window: the server treats it as no quiet hours at all.
    if (start === end) return setError('The start and end must differ');
    setError(null);
    onSave({ start, end });
  };

  return (
    <div className="space-y-3 border-slate-200 border-t pt-4 dark:border-slate-800">
      <Switch
        label="Quiet hours"
        description="Hold notifications overnight and deliver them when quiet hours end"
        checked={quietHours !== null}
        onChange={(checked) => {
          setError(null);
          onSave(checked ? { start, end } : null);
        }}
      />
      {quietHours && (
        <form noValidate onSubmit={onSubmit} className="space-y-3">
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="From"
              type="time"
              name="quietStart"
              value={start}
              error={error && !start ? error : undefined}
              onChange={(e) => setStart(e.target.value)}
            />
            <TextField
              label="Until"
              type="time"
              name="quietEnd"
              value={end}
              error={error && start ? error : undefined}
              onChange={(e) => setEnd(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={saving} className={buttonStyles.secondary}>
              Save quiet hours
            </button>
            <span className={`text-xs ${mutedText}`}>Time zone: {browserTimeZone()}</span>
          </div>
        </form>
      )}
    </div>
  );
}

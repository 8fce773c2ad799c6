import '#shared/i18n/compiled/areas/settings.ts';
import { useEffect } from 'react';
import { checkResolver } from '../../components/form/resolvers.ts';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { TextField } from '../../components/form-fields.tsx';
import { Switch } from '../../components/switch.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { type MessageId, useT } from '../../lib/i18n.tsx';
import { browserTimeZone } from '../../lib/time-zone.ts';

type QuietHours = { start: string; end: string } | null;

/** A night by default: switching quiet hours on saves 22:00-07:00 at once, then the times can change. */
const DEFAULT_QUIET: NonNullable<QuietHours> = { start: '22:00', end: '07:00' };

/** One message for the pair (its id, translated as shown), under the time it concerns. */
const resolver = checkResolver(({ start, end }: NonNullable<QuietHours>) => {
  if (!start || !end) return { ok: false, errors: { root: 'settings.quiet.bothTimes' satisfies MessageId } };
  // Equal times would be an empty window: the server treats it as no quiet hours at all.
  if (start === end) return { ok: false, errors: { root: 'settings.quiet.differ' satisfies MessageId } };
  return { ok: true, value: { start, end } };
});

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
  const t = useT();
  const form = useSchemaForm({
    defaultValues: quietHours ?? DEFAULT_QUIET,
    resolver,
    // The message stays while the times change, until the next save.
    clears: () => [],
    focusFirstError: false,
  });
  const { start } = form.values;
  const error = form.errors.root ? t(form.errors.root as MessageId) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the saved times only.
  useEffect(() => {
    if (!quietHours) return;
    form.setValue('start', quietHours.start);
    form.setValue('end', quietHours.end);
  }, [quietHours]);

  return (
    <div className="space-y-3 border-slate-200 border-t pt-4 dark:border-slate-800">
      <Switch
        label={t('settings.quiet.title')}
        description={t('settings.quiet.text')}
        checked={quietHours !== null}
        onChange={(checked) => {
          const { start, end } = form.getValues();
          form.clearErrors('root');
          onSave(checked ? { start, end } : null);
        }}
      />
      {quietHours && (
        <form noValidate onSubmit={form.submit(onSave)} className="space-y-3">
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t('settings.quiet.from')}
              type="time"
              name="quietStart"
              {...form.text('start')}
              error={error && !start ? error : undefined}
            />
            <TextField
              label={t('settings.quiet.until')}
              type="time"
              name="quietEnd"
              {...form.text('end')}
              error={error && start ? error : undefined}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={saving} className={buttonStyles.secondary}>
              {t('settings.quiet.save')}
            </button>
            <span className={`text-xs ${mutedText}`}>
              {t('settings.quiet.timeZone', { zone: browserTimeZone() })}
            </span>
          </div>
        </form>
      )}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { choreFormValues, choreUpdateChanges } from '#shared/chore-edit.ts';
import {
  type ChoreFormValues,
  type ChoreView,
  choreCreateInput,
  defaultChoreForm,
} from '#shared/chore-view.ts';
import { createChoreSchema } from '#shared/chores.ts';
import { fieldErrors } from '#shared/validation.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useCreateChore } from './api/create-chore.ts';
import { useUpdateChore } from './api/update-chore.ts';

/** Which form field shows a schema message ('subtasks.3' → the subtasks). */
function errorsByField(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0]!;
    if (!(field in out)) out[field] = message;
  }
  return out;
}

/**
 * The chore form's state and its submit: a new chore is created; a `chore` given is edited, and
 * only what changed is sent (choreUpdateChanges). Both check the create rules first.
 */
export function useChoreForm(userId: string, chore?: ChoreView) {
  const navigate = useNavigate();
  const create = useCreateChore();
  const update = useUpdateChore();
  const [initial] = useState<ChoreFormValues>(() =>
    chore ? choreFormValues(chore) : defaultChoreForm(userId),
  );
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = chore ? update : create;
  const busy = mutation.isPending || mutation.isSuccess;

  // After a refused submit the first field with a message takes the focus.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends keyof ChoreFormValues>(field: K, value: ChoreFormValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    const errorField = field === 'dueTime' ? 'dueDate' : field;
    setErrors((prev) => {
      if (!(errorField in prev)) return prev;
      const { [errorField]: _cleared, ...rest } = prev;
      return rest;
    });
  };

  // An edit is checked only where it changes something: what it leaves alone is not sent.
  const touched = (field: string) =>
    field in values &&
    (JSON.stringify(values[field as keyof ChoreFormValues]) !==
      JSON.stringify(initial[field as keyof ChoreFormValues]) ||
      (field === 'dueDate' && values.dueTime !== initial.dueTime));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const timeZone = browserTimeZone();
    const parsed = createChoreSchema.safeParse(choreCreateInput(values, timeZone));
    const found: Record<string, string> = parsed.success ? {} : errorsByField(fieldErrors(parsed.error));
    if (chore) for (const field of Object.keys(found)) if (!touched(field)) delete found[field];
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    const done = () => navigate('/chores');
    if (!chore) {
      if (parsed.success) create.mutate(parsed.data, { onSuccess: done });
      return;
    }
    const changes = choreUpdateChanges(chore, initial, values, timeZone);
    if (Object.keys(changes).length === 0) return done();
    update.mutate({ id: chore.id, changes }, { onSuccess: done });
  };

  return {
    values,
    errors,
    busy,
    failure: mutation.isError ? mutation.error : null,
    editing: chore !== undefined,
    formRef,
    set,
    onSubmit,
  };
}

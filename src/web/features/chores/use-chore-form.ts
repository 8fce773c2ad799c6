import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ChoreView } from '#shared/chores/api.ts';
import { createChoreSchema } from '#shared/chores/schemas.ts';
import { type Checked, checkResolver, checkSchema } from '../../components/form/resolvers.ts';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { type CreateChorePayload, useCreateChore } from './api/create-chore.ts';
import { useUpdateChore } from './api/update-chore.ts';
import { type ChoreEditChanges, choreFormValues, choreUpdateChanges } from './chore-edit.ts';
import { type ChoreFormValues, choreCreateInput, defaultChoreForm } from './chore-view.ts';
import { choresListUrl } from './list-position.ts';

/** What the submit sends: the checked chore, or an edit's changes. */
type Sent = { create: CreateChorePayload } | { changes: ChoreEditChanges };

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
  const mutation = chore ? update : create;
  const busy = mutation.isPending || mutation.isSuccess;

  // An edit is checked only where it changes something: what it leaves alone is not sent.
  const touched = (values: ChoreFormValues, field: string) =>
    field in values &&
    (JSON.stringify(values[field as keyof ChoreFormValues]) !==
      JSON.stringify(initial[field as keyof ChoreFormValues]) ||
      (field === 'dueDate' && values.dueTime !== initial.dueTime));

  const check = async (values: ChoreFormValues): Promise<Checked<Sent>> => {
    const timeZone = browserTimeZone();
    const checked = await checkSchema(createChoreSchema, choreCreateInput(values, timeZone));
    if (!chore) return checked.ok ? { ok: true, value: { create: checked.value } } : checked;
    const errors = checked.ok ? {} : { ...checked.errors };
    for (const field of Object.keys(errors)) if (!touched(values, field)) delete errors[field];
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, value: { changes: choreUpdateChanges(chore, initial, values, timeZone) } };
  };

  const form = useSchemaForm<ChoreFormValues, Sent>({
    defaultValues: initial,
    resolver: checkResolver(check),
    // The time is part of the due date and shares its message.
    clears: (field) => [field === 'dueTime' ? 'dueDate' : field],
  });

  const onSubmit = form.submit(
    (sent) => {
      const done = () => navigate(choresListUrl());
      if ('create' in sent) return create.mutate(sent.create, { onSuccess: done });
      if (!chore || Object.keys(sent.changes).length === 0) return done();
      update.mutate({ id: chore.id, changes: sent.changes }, { onSuccess: done });
    },
    { blocked: busy },
  );

  return {
    form,
    busy,
    failure: mutation.isError ? mutation.error : null,
    editing: chore !== undefined,
    onSubmit,
  };
}

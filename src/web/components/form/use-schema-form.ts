import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { extractErrorMessage } from '#shared/errors.ts';
import { ApiError } from '../../lib/api.ts';
import type { FieldMessages } from './resolvers.ts';

type Field<V> = keyof V & string;
type TextKey<V> = { [K in Field<V>]: NonNullable<V[K]> extends string ? K : never }[Field<V>];

/**
 * A 400 answer whose message belongs to one field: `fields` maps the server's words to the field
 * that shows them. Null for any other failure, which the form shows its own way.
 */
export function serverFieldError<F extends string>(
  error: unknown,
  fields: Partial<Record<string, F>>,
): { field: F; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const message = extractErrorMessage(error.message);
  const field = fields[message];
  return field ? { field, message } : null;
}

/**
 * Every form's state: react-hook-form holding the values, checked on submit by `resolver` (a
 * shared schema through the zod resolver, src/web/components/form/resolvers.ts).
 *
 * - Messages appear on submit only. Editing a field clears its message (and those `clears`
 *   names for it) until the next submit; nothing is checked while typing.
 * - After a refused submit the first field in error, in the page's order, takes the focus, unless
 *   `focusFirstError` is false.
 * - A submit while another is being checked, or while `blocked`, does nothing.
 * - `showServerError` puts a server's refusal under the field it names.
 */
export function useSchemaForm<V extends FieldValues, Out = V>({
  defaultValues,
  resolver,
  clears = (field) => [field],
  focusFirstError = true,
}: {
  defaultValues: V;
  resolver: Resolver<V, unknown, Out>;
  clears?: (field: Field<V>) => readonly string[];
  focusFirstError?: boolean;
}) {
  const form = useForm<V, unknown, Out>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // Focus follows the page's order, custom controls included (below), not the order of registration.
    shouldFocusError: false,
  });
  const { errors, submitCount, isSubmitSuccessful, isSubmitting } = form.formState;
  const values = form.watch() as V;
  const formRef = useRef<HTMLFormElement>(null);
  const inFlight = useRef(false);
  const [serverRefusals, setServerRefusals] = useState(0);

  const messages: FieldMessages = {};
  for (const [field, error] of Object.entries(errors)) {
    const message = (error as FieldError | undefined)?.message;
    if (typeof message === 'string') messages[field] = message;
  }

  // Runs once the messages are on the page, so the first one in the page's order is found.
  const focusFirst = () => {
    if (focusFirstError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each refused submit.
  useEffect(() => {
    if (submitCount > 0 && !isSubmitSuccessful) focusFirst();
  }, [submitCount, isSubmitSuccessful]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each refusal by the server.
  useEffect(() => {
    if (serverRefusals > 0) focusFirst();
  }, [serverRefusals]);

  const clear = (field: Field<V>) => {
    const shown = clears(field).filter((name) => get(form.formState.errors, name));
    if (shown.length > 0) form.clearErrors(shown as Path<V>[]);
  };

  /** Sets a value as the user chose it, and clears the messages that edit answers. */
  const set = <K extends Field<V>>(field: K, value: V[K]) => {
    form.setValue(field as unknown as Path<V>, value as PathValue<V, Path<V>>);
    clear(field);
  };

  return {
    ...form,
    values,
    /** Each field's message, by field name. */
    errors: messages,
    isSubmitting,
    formRef,
    set,
    /** value, onChange and error for a TextField or TextAreaField. */
    text: (field: TextKey<V>) => ({
      value: values[field] as string,
      onChange: (event: { target: { value: string } }) => set(field, event.target.value as V[typeof field]),
      error: messages[field],
    }),
    /** value, onValue and error for a SelectField. */
    select: <K extends Field<V>>(field: K) => ({
      value: values[field],
      onValue: (value: V[K]) => set(field, value),
      error: messages[field],
    }),
    /** The form's onSubmit: checks the values, then hands `send` what the resolver gives. */
    submit:
      (send: (output: Out) => void, { blocked = false }: { blocked?: boolean } = {}) =>
      (event: FormEvent) => {
        event.preventDefault();
        if (blocked || inFlight.current) return;
        inFlight.current = true;
        void form
          .handleSubmit(send)(event)
          .finally(() => {
            inFlight.current = false;
          });
      },
    /** Shows a 400 answer under its field (see serverFieldError); true when it did. */
    showServerError: (error: unknown, fields: Partial<Record<string, Field<V>>>): boolean => {
      const refused = serverFieldError(error, fields);
      if (!refused) return false;
      form.setError(refused.field as unknown as Path<V>, { type: 'server', message: refused.message });
      setServerRefusals((n) => n + 1);
      return true;
    },
  };
}

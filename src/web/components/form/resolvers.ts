import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

// How a form's values are checked on submit: react-hook-form calls the resolver, which answers
// with what the form sends or with one message per field. The messages are flat, keyed by the
// form's own field names ('title', 'splits'), whatever the shape of the request.

/** One message per field; 'root' holds a message that belongs to the form rather than a field. */
export type FieldMessages = Record<string, string>;

/** A check's verdict: what the form sends, or its messages. */
export type Checked<Out> = { ok: true; value: Out } | { ok: false; errors: FieldMessages };

function toFieldErrors<V extends FieldValues>(messages: FieldMessages): FieldErrors<V> {
  const errors: Record<string, FieldError> = {};
  for (const [field, message] of Object.entries(messages)) errors[field] = { type: 'check', message };
  return errors as FieldErrors<V>;
}

/** Each message of the zod resolver's nested answer with its path, in the order given. */
function* messagesOf(errors: object, path: string[] = []): Generator<[string[], string]> {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    if (typeof value.message === 'string' && typeof value.type === 'string')
      yield [[...path, key], value.message];
    else yield* messagesOf(value, [...path, key]);
  }
}

/**
 * A shared schema's verdict on the request a form builds from its values, through the zod
 * resolver: the schema's output, else the first message of each field. A message goes to the
 * field its path starts with ('subtasks.3' → subtasks) unless `fieldOf` names another
 * ('expense.title' → title); one without a path goes to 'root'.
 */
export async function checkSchema<S extends z.ZodType>(
  schema: S,
  input: unknown,
  { fieldOf = (path) => path[0] ?? 'root' }: { fieldOf?: (path: string[]) => string } = {},
): Promise<Checked<z.output<S>>> {
  const resolve = zodResolver(schema as unknown as z.ZodType<unknown, FieldValues>) as Resolver<
    FieldValues,
    unknown,
    unknown
  >;
  const result = await resolve(input as FieldValues, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const found = [...messagesOf(result.errors)];
  if (found.length === 0) return { ok: true, value: result.values as z.output<S> };
  const errors: FieldMessages = {};
  for (const [path, message] of found) {
    const field = fieldOf(path.filter((part) => part !== '')) || 'root';
    errors[field] ??= message;
  }
  return { ok: false, errors };
}

/** The resolver of a form whose check is a function of its values (a shared rule, or a schema with more). */
export function checkResolver<V extends FieldValues, Out>(
  check: (values: V) => Checked<Out> | Promise<Checked<Out>>,
): Resolver<V, unknown, Out> {
  return async (values) => {
    const result = await check(values);
    return result.ok
      ? { values: result.value, errors: {} }
      : { values: {}, errors: toFieldErrors<V>(result.errors) };
  };
}

/** The resolver of a form whose values are the schema's input, field for field. */
export function schemaResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return checkResolver((values: z.input<S>) => checkSchema(schema, values));
}

/**
 * A resolver whose schema loads when first needed: the schemas bring Zod, which a screen that
 * opens with a form need not load before its user starts on it. `preload` starts the loading
 * early (on focus, say). When it cannot load (offline), `unavailable` gives the messages and the
 * next submit tries again.
 */
export function lazyResolver<V extends FieldValues, Out>(
  load: () => Promise<Resolver<V, unknown, Out>>,
  unavailable: (error: unknown) => FieldMessages,
): Resolver<V, unknown, Out> & { preload: () => void } {
  const resolve: Resolver<V, unknown, Out> = async (values, context, options) => {
    let resolver: Resolver<V, unknown, Out>;
    try {
      resolver = await load();
    } catch (error) {
      return { values: {}, errors: toFieldErrors<V>(unavailable(error)) };
    }
    return resolver(values, context, options);
  };
  // A failure here is told on submit, which asks again.
  return Object.assign(resolve, { preload: () => void load().catch(() => undefined) });
}

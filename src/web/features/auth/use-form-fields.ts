import { type RefObject, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { GENERIC_ERROR } from '#shared/errors.ts';

type Validation = typeof import('#shared/validation.ts');

/**
 * The account schemas, with Zod (a quarter of the sign-in screen's code, and the longest part of
 * its start-up to evaluate): asked for once the user starts on a form, not with the screen.
 */
const loadValidation = (): Promise<Validation> => import('#shared/validation.ts');

/**
 * Form values with one message per field: validated on submit with a shared schema, a field's
 * message cleared as soon as that field is edited (docs/accounts.md), focus moved to the first invalid field.
 * Spread `formProps` on the form: its schemas start loading when a field first gets focus. While
 * they load the form is `checking` (busy: a second submit is not a second request); when they
 * cannot load (offline, say), `formError` says so and the next submit tries again.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [checking, setChecking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const checkingNow = useRef(false);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const setField = (name: keyof T, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => {
      if (!(name in prev)) return prev;
      const { [name]: _cleared, ...rest } = prev;
      return rest as Partial<Record<keyof T, string>>;
    });
  };

  /** The values checked against the schema `pick` names; null, with the messages shown, when invalid. */
  async function validate<S extends z.ZodType>(
    pick: (validation: Validation) => S,
  ): Promise<z.infer<S> | null> {
    if (checkingNow.current) return null;
    checkingNow.current = true;
    setChecking(true);
    let validation: Validation;
    try {
      validation = await loadValidation();
    } catch (error) {
      console.warn('The form checks could not load', error);
      setFormError(GENERIC_ERROR);
      return null;
    } finally {
      checkingNow.current = false;
      setChecking(false);
    }
    setFormError(null);
    const parsed = pick(validation).safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(validation.fieldErrors(parsed.error) as Partial<Record<keyof T, string>>);
    setAttempt((n) => n + 1);
    return null;
  }

  const formProps = {
    ref: formRef as RefObject<HTMLFormElement>,
    // A failure here is told on submit, which asks again.
    onFocus: () => void loadValidation().catch(() => undefined),
  };

  return { values, errors, setField, validate, checking, formError, formProps };
}

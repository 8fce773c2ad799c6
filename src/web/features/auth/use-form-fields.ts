import { type RefObject, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '#shared/validation.ts';

/**
 * Form values with one message per field: validated on submit with a shared schema, a field's
 * message cleared as soon as that field is edited (SPEC §5), focus moved to the first invalid field.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

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

  function validate<S extends z.ZodType>(schema: S): z.infer<S> | null {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(fieldErrors(parsed.error) as Partial<Record<keyof T, string>>);
    setAttempt((n) => n + 1);
    return null;
  }

  return { values, errors, setField, validate, formRef: formRef as RefObject<HTMLFormElement> };
}

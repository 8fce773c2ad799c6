import type { z } from 'zod';
import { GENERIC_ERROR } from '#shared/errors.ts';
import { lazyResolver, schemaResolver } from '../../components/form/resolvers.ts';

type Validation = typeof import('#shared/validation.ts');

/**
 * The account schemas, with Zod (a quarter of the sign-in screen's code, and the longest part of
 * its start-up to evaluate): asked for once the user starts on a form, not with the screen.
 */
const loadValidation = (): Promise<Validation> => import('#shared/validation.ts');

function accountResolver<S extends z.ZodType<unknown, { [field: string]: string }>>(
  pick: (validation: Validation) => S,
) {
  return lazyResolver<z.input<S>, z.output<S>>(
    () => loadValidation().then((validation) => schemaResolver(pick(validation))),
    (error) => {
      console.warn('The form checks could not load', error);
      return { root: GENERIC_ERROR };
    },
  );
}

/** The resolvers of the two account forms; each form calls `preload` when a field first gets focus. */
export const loginResolver = accountResolver((validation) => validation.loginSchema);
export const registerResolver = accountResolver((validation) => validation.registerSchema);

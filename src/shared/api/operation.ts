import { z } from 'zod';

/**
 * One HTTP operation of the API: its address, who may call it, what it takes and what it answers.
 * The server registers its route from it (src/server/contracts/route.ts), the OpenAPI document
 * is written from it, and the tests check every answer against it. The web app imports these
 * files for their types only, so the schemas stay out of its bundle.
 */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's form: `/api/chores/:id`. */
  path: string;
  /** One line for the reference page. */
  summary: string;
  /** The area it belongs to, which groups it on the reference page. */
  tag: string;
  /** Who may call it: anyone, a signed-in user, or a member of a household. */
  access: 'public' | 'user' | 'member';
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body, or a multipart form (an upload) described by its fields. */
  body?: z.ZodType | { multipart: Record<string, 'file' | 'text'> };
  /**
   * The answers by status. A schema is a JSON answer; `null` an empty one; a string a download
   * of that media type. Error answers ({message, code, params?}) need not be listed.
   */
  responses: Record<number, z.ZodType | null | string>;
}

/** Declares an operation, keeping its literal types for the route that implements it. */
export function operation<const O extends Operation>(declared: O): O {
  return declared;
}

/**
 * Every error answer: a message a person can read (English), a stable code to translate it by,
 * and the values of the code's placeholders (src/shared/api-errors.ts; docs/client.md, Errors).
 */
export const errorAnswer = z.object({
  message: z.string().meta({ description: 'What went wrong, in English; the words may change' }),
  code: z
    .string()
    .regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/)
    .meta({ description: 'Stable code of the message, e.g. expense.not_found or validation.too_long' }),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .meta({
      description:
        'Values of the message\'s placeholders; a refused input names its field, e.g. {"field": "title", "max": 120}',
    }),
});

/** The JSON answer of an operation at a status, as the client receives it. */
export type Answer<
  O extends Operation,
  S extends keyof O['responses'] = 200,
> = O['responses'][S] extends z.ZodType ? z.output<O['responses'][S]> : never;

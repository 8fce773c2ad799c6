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
   * of that media type. Error answers ({message}) need not be listed.
   */
  responses: Record<number, z.ZodType | null | string>;
}

/** Declares an operation, keeping its literal types for the route that implements it. */
export function operation<const O extends Operation>(declared: O): O {
  return declared;
}

/** Every error answer: a message a person can read. */
export const errorAnswer = z.object({ message: z.string() });

/** The JSON answer of an operation at a status, as the client receives it. */
export type Answer<
  O extends Operation,
  S extends keyof O['responses'] = 200,
> = O['responses'][S] extends z.ZodType ? z.output<O['responses'][S]> : never;

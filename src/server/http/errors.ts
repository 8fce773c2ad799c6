import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { describeIssue } from '#shared/validation.ts';
import { isDatabaseUnavailable } from '../db/dialect.ts';

/** An error whose message is safe to show: the central handler answers `{message}` with its status. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    /** Headers the answer carries, e.g. Retry-After on a 429. */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message: string) => new HttpError(413, message);
/** 429 with the wait in Retry-After (whole seconds), as every 429 carries. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    retryAfterSeconds <= 60
      ? 'Too many attempts. Please wait a minute and try again.'
      : 'Too many attempts. Please wait a few minutes and try again.',
    { 'retry-after': String(retryAfterSeconds) },
  );

/** Refuses a create that would take a list past its cap (src/shared/caps.ts); nothing changes. */
export function checkCap(count: number, cap: { max: number; message: string }): void {
  if (count >= cap.max) throw conflict(cap.message);
}

/** Validates input with a shared schema; the first problem becomes a 400 that names its field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(issue ? describeIssue(issue) : 'Invalid input');
  }
  return result.data;
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large (the limit is 1 MB)',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
  FST_ERR_CTP_INVALID_TYPE: 'Invalid content type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected multipart form data',
  FST_REQ_FILE_TOO_LARGE: 'Image must be smaller than 5MB',
  FST_PARTS_LIMIT: 'Too many parts in the form',
  FST_FILES_LIMIT: 'Send one file at a time',
  FST_FIELDS_LIMIT: 'Too many fields in the form',
  FST_PROTO_VIOLATION: 'Malformed JSON body',
  FST_ERR_BAD_URL: 'Malformed URL',
  FST_ERR_ASYNC_CONSTRAINT: 'Bad request',
};

/**
 * Text no engine can store faithfully: NUL (PostgreSQL refuses it) and unpaired surrogates.
 * Returns a message naming the field, or null when every string is fine.
 */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  const where = path || 'body';
  if (depth > 64) return 'The JSON body is nested too deeply';
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return `${where}: must not contain NUL characters`;
    if (!value.isWellFormed()) return `${where}: must be valid Unicode text`;
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      const problem =
        findUnstorableText(key, itemPath, depth + 1) ?? findUnstorableText(item, itemPath, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

/** Errors Fastify raises before routing (bad URL escapes, over-long URLs) get our format and headers. */
export function frameworkErrorReply(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    void reply
      .code(status)
      .headers(headers)
      .send({ message: (error.code && FRAMEWORK_MESSAGES[error.code]) || 'Bad request' });
  };
}

/** What requests answer (503) while the database cannot be reached; /api/health says the same. */
export const DATABASE_UNAVAILABLE = 'The database is unavailable';

/** One error handler: known errors keep their status and words; anything else is a quiet 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code && FRAMEWORK_MESSAGES[error.code]) ||
        (error instanceof SyntaxError ? 'Malformed JSON body' : error.message) ||
        'Bad request';
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: clients retry, and the pool reconnects once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

/**
 * Fetch clients often send `Content-Type: application/json` with no body on POSTs such as
 * leave or logout: treat an empty body as no body instead of refusing it. Other bodies go
 * through Fastify's own parser (prototype-poisoning checks included).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const problem = findUnstorableText(value);
      return problem ? done(badRequest(problem), undefined) : done(null, value);
    });
  });
}

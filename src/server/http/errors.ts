import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type ApiErrorBody,
  type ApiErrorCode,
  type ApiErrorKey,
  type ApiErrorParams,
  apiError,
  type ParamsOf,
} from '#shared/api-errors.ts';
import { issueError, messages } from '#shared/validation.ts';
import { isDatabaseUnavailable } from '../db/dialect.ts';

/**
 * An error whose message is safe to show: the central handler answers its body,
 * `{message, code, params?}` (src/shared/api-errors.ts), with its status.
 */
export class HttpError extends Error {
  readonly code: string;
  readonly params: ApiErrorParams | undefined;

  constructor(
    public readonly statusCode: number,
    body: ApiErrorBody,
    /** Headers the answer carries, e.g. Retry-After on a 429. */
    public readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'HttpError';
    this.code = body.code;
    this.params = body.params;
  }

  /** The JSON answer. */
  get body(): ApiErrorBody {
    return { message: this.message, code: this.code, ...(this.params ? { params: this.params } : {}) };
  }
}

// Each helper takes a code of src/shared/api-errors.ts with the values of its placeholders, or
// one of the field sentences registered in src/shared (e.g. passwordMessages.resetLinkUsed).
const helper =
  (status: number) =>
  <K extends ApiErrorKey>(key: K, ...params: ParamsOf<K>) =>
    new HttpError(status, apiError(key, ...params));

export const badRequest = helper(400);
export const unauthorized = <K extends ApiErrorKey = 'auth.not_signed_in'>(
  key: K = 'auth.not_signed_in' as K,
  ...params: ParamsOf<K>
) => new HttpError(401, apiError(key, ...params));
export const forbidden = <K extends ApiErrorKey = 'http.forbidden'>(
  key: K = 'http.forbidden' as K,
  ...params: ParamsOf<K>
) => new HttpError(403, apiError(key, ...params));
export const notFound = <K extends ApiErrorKey = 'http.not_found'>(
  key: K = 'http.not_found' as K,
  ...params: ParamsOf<K>
) => new HttpError(404, apiError(key, ...params));
export const conflict = helper(409);
export const tooLarge = helper(413);
/** 429 with the wait in Retry-After (whole seconds), as every 429 carries. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    apiError(retryAfterSeconds <= 60 ? 'rate_limit.wait_a_minute' : 'rate_limit.wait_minutes'),
    {
      'retry-after': String(retryAfterSeconds),
    },
  );

/** Refuses a create that would take a list past its cap (src/shared/caps.ts); nothing changes. */
export function checkCap(
  count: number,
  cap: { max: number; code: Extract<ApiErrorCode, `cap.${string}`> },
): void {
  if (count >= cap.max) throw conflict(cap.code, { max: cap.max });
}

/** Validates input with a shared schema; the first problem becomes a 400 that names its field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // The input is reported so that a missing field is told from a wrong one (issueError).
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new HttpError(400, issue ? issueError(issue) : apiError('validation.invalid_input'));
  }
  return result.data;
}

/** Fastify's and its plugins' error codes, as our codes (their English is in the table). */
const FRAMEWORK_ERRORS: Record<string, ApiErrorKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'http.malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'http.empty_json_body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'http.body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'http.unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'http.content_length_mismatch',
  FST_ERR_CTP_INVALID_TYPE: 'http.invalid_content_type',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'http.multipart_expected',
  FST_REQ_FILE_TOO_LARGE: messages.imageTooLarge,
  FST_PARTS_LIMIT: 'http.too_many_parts',
  FST_FILES_LIMIT: 'http.one_file_at_a_time',
  FST_FIELDS_LIMIT: 'http.too_many_fields',
  FST_PROTO_VIOLATION: 'http.malformed_json',
  FST_ERR_BAD_URL: 'http.malformed_url',
  FST_ERR_ASYNC_CONSTRAINT: 'http.bad_request',
};

const knownFrameworkError = (error: FastifyError) =>
  error.code && Object.hasOwn(FRAMEWORK_ERRORS, error.code) ? FRAMEWORK_ERRORS[error.code] : undefined;

/** The answer for an error Fastify or a plugin raised with a 4xx: ours when we know its code. */
function frameworkError(error: FastifyError): ApiErrorBody {
  const known = knownFrameworkError(error);
  if (known) return apiError(known);
  if (error instanceof SyntaxError) return apiError('http.malformed_json');
  return error.message
    ? apiError('http.request_refused', { reason: error.message })
    : apiError('http.bad_request');
}

/**
 * Text no engine can store faithfully: NUL (PostgreSQL refuses it) and unpaired surrogates.
 * Returns a 400 naming the field, or null when every string is fine.
 */
export function findUnstorableText(value: unknown, path = '', depth = 0): HttpError | null {
  const field = path || 'body';
  if (depth > 64) return badRequest('http.nested_too_deeply');
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return badRequest('validation.nul_character', { field });
    if (!value.isWellFormed()) return badRequest('validation.invalid_unicode', { field });
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
    const known = knownFrameworkError(error);
    void reply
      .code(status)
      .headers(headers)
      .send(apiError(known ?? 'http.bad_request'));
  };
}

/** One error handler: known errors keep their status and words; anything else is a quiet 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(frameworkError(error));
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: clients retry, and the pool reconnects once the database is back.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send(apiError('server.database_unavailable'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(apiError('server.error'));
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
      return problem ? done(problem, undefined) : done(null, value);
    });
  });
}

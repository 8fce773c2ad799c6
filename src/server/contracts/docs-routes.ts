import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { docsApi } from '#shared/reference/api.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { notFound } from '../http/errors.ts';
import { type OperationList, openApiDocument } from './openapi.ts';
import { route } from './route.ts';

const require = createRequire(import.meta.url);
const rendererDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

// The renderer's own files, served from this server so the page asks nothing of anyone else.
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// Our start-up script; a file, because the page's policy runs no inline script.
const START = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hearth API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

/** GET /api/openapi.json, and the reference page at /api/docs. */
export function docsRoutes(app: FastifyInstance, list: OperationList): void {
  let document: string | undefined;
  route(app, docsApi.document, async (_request, reply) => {
    // Written once, after every route has been registered.
    document ??= JSON.stringify(openApiDocument(list.operations, packageJson.version));
    return reply.type('application/json; charset=utf-8').send(document);
  });
  route(app, docsApi.page, async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  route(app, docsApi.asset, async (request, reply) => {
    const { file } = request.params as { file: string };
    if (file === 'start.js') return reply.type('text/javascript; charset=utf-8').send(START);
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) throw notFound('http.no_such_file');
    return reply
      .type(type)
      .header('Cache-Control', 'public, max-age=86400')
      .send(fs.createReadStream(path.join(rendererDir, file)));
  });
}

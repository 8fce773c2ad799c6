import type { FastifyInstance } from 'fastify';
import { imagesApi } from '#shared/images/api.ts';
import type { Context } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import { notFound, parse } from '../../http/errors.ts';
import { findImage } from './queries.ts';

const IMAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function imageRoutes(app: FastifyInstance, ctx: Context): void {
  route(app, imagesApi.image, async (request, reply) => {
    const { id } = parse(imagesApi.image.params, request.params);
    const image = IMAGE_ID.test(id) ? await findImage(ctx.db, id) : undefined;
    // Chat photos are the household's alone: served by the messages' own route, to members.
    if (!image || image.kind === 'message') throw notFound('image.not_found');
    // An image never changes under its id (a new photo gets a new id), so caches may keep it;
    // receipts and profile photos only the browser's own cache, not a shared proxy's.
    const audience = image.kind === 'listing' ? 'public' : 'private';
    return reply
      .header('Content-Type', image.mime)
      .header('Cache-Control', `${audience}, max-age=31536000, immutable`)
      .header('ETag', `"${id}"`)
      .send(image.data);
  });
}

import { z } from 'zod';
import { operation } from '../api/operation.ts';

export const imagesApi = {
  image: operation({
    method: 'GET',
    path: '/api/images/:id',
    summary: 'A stored photo: a profile photo, a receipt or a listing photo',
    tag: 'Images',
    access: 'public',
    params: z.object({ id: z.string() }),
    responses: { 200: 'image/webp' },
  }),
};

import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { ImageKind } from '../../db/schema.ts';
import type { ProcessedImage } from './process.ts';

export const imageUrl = (id: string) => `/api/images/${id}`;

export async function insertImage(
  db: Db,
  ownerId: string,
  image: ProcessedImage,
  kind: ImageKind,
): Promise<string> {
  // Unguessable ids: an image is only reachable by whoever was given its URL.
  const id = randomBytes(16).toString('base64url');
  await db
    .insertInto('images')
    .values({
      id,
      owner_id: ownerId,
      kind,
      mime: image.mime,
      width: image.width,
      height: image.height,
      data: image.data,
      created_at: Date.now(),
    })
    .execute();
  return id;
}

export function findImage(db: Db, id: string) {
  return db.selectFrom('images').select(['mime', 'kind', 'data']).where('id', '=', id).executeTakeFirst();
}

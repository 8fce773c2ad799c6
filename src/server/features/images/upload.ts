import type { FastifyRequest } from 'fastify';
import { apiError } from '#shared/api-errors.ts';
import { IMAGE_MAX_BYTES, messages } from '#shared/validation.ts';
import { badRequest, HttpError, tooLarge } from '../../http/errors.ts';

const statusOf = (error: unknown) =>
  error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number'
    ? error.statusCode
    : null;

/**
 * Reads the one image file of a multipart upload into memory (at most 5 MB). Every way an
 * upload can be malformed answers 4xx: not multipart, wrong field, too large, cut off.
 */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  return (await readImageUploadWithFields(request, field)).data;
}

/**
 * As readImageUpload, with the text fields sent before the file (a multipart body is read in
 * order, so later ones are not seen).
 */
export async function readImageUploadWithFields(
  request: FastifyRequest,
  field: string,
): Promise<{ data: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest('image.not_multipart', { field });
  try {
    const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES - 1, files: 1, fields: 5 } });
    if (file?.fieldname !== field) throw badRequest('image.field_required', { field });
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(file.fields)) {
      const entry = Array.isArray(value) ? value[0] : value;
      if (entry && entry.type === 'field' && typeof entry.value === 'string') fields[name] = entry.value;
    }
    return { data: await file.toBuffer(), fields };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (statusOf(error) === 413) throw tooLarge(messages.imageTooLarge);
    const status = statusOf(error);
    if (status !== null && status >= 400 && status < 500 && error instanceof Error)
      throw new HttpError(status, apiError('http.upload_refused', { reason: error.message }));
    // busboy's own errors (no boundary, unexpected end) carry no status: the upload was malformed.
    throw badRequest('image.upload_unreadable', { field });
  }
}

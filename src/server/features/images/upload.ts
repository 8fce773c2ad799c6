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

/** As readImageUpload, with the text fields sent beside the file, before or after it. */
export async function readImageUploadWithFields(
  request: FastifyRequest,
  field: string,
): Promise<{ data: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest('image.not_multipart', { field });
  try {
    let data: Buffer | null = null;
    const fields: Record<string, string> = {};
    for await (const part of request.parts({
      limits: { fileSize: IMAGE_MAX_BYTES - 1, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== field) throw badRequest('image.field_required', { field });
        data = await part.toBuffer();
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
    if (!data) throw badRequest('image.field_required', { field });
    return { data, fields };
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

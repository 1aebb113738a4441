import fastifyMultipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, uploadsEndpoints } from '@tavolo/contract/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../core/app-error';
import { headerOf, type RouteRegistrar } from '../../http/route';
import { findImage, storeImage } from './uploads.service';

/**
 * The bytes of the multipart field "file". toBuffer() throws 413 as soon as the stream passes the
 * size limit; a body the parser cannot read (no boundary, cut short) is the client's error too.
 */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (file?.fieldname !== 'file') {
      throw new AppError('VALIDATION_FAILED', 'No file was sent', { file: 'is required' });
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('MALFORMED_REQUEST', 'The multipart body could not be read');
  }
}

/** Whether the client's cached copy (If-None-Match: a list of tags, maybe weak, or *) is `etag`. */
function isCached(request: FastifyRequest, etag: string): boolean {
  const header = headerOf(request, 'if-none-match');
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export async function registerUploadsRoutes(app: FastifyInstance, route: RouteRegistrar) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
  });
  route(uploadsEndpoints.uploadImage, async (ctx, request) => {
    if (!request.isMultipart()) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the image as multipart/form-data in the field "file"',
      );
    }
    return storeImage(ctx, { bytes: await readUploadedFile(request) });
  });
  // Served from the database by whichever instance is asked. The bytes under a URL never change,
  // so browsers and proxies keep them a year and revalidate (rarely) with the ETag.
  route(uploadsEndpoints.image, async (ctx, request, reply) => {
    const image = await findImage(ctx, request.params);
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', image.etag)
      .header('x-content-type-options', 'nosniff');
    if (isCached(request, image.etag)) return reply.status(304).send();
    return reply.type('image/webp').send(image.bytes);
  });
}

import fs from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { MAX_UPLOAD_BYTES, uploadsEndpoints } from '@tavolo/contract/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../core/app-error';
import type { RouteRegistrar } from '../../http/route';
import { UPLOADS_URL_PREFIX, type UploadStore } from './upload-store';
import { storeImage } from './uploads.service';

/**
 * The bytes of the multipart field "file". toBuffer() throws 413 as soon as the stream passes the
 * size limit; a body the parser cannot read (no boundary, cut short) is the client's error too.
 */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (file?.fieldname !== 'file') {
      throw new AppError('VALIDATION_FAILED', 400, 'No file was sent', { file: 'is required' });
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('MALFORMED_REQUEST', 400, 'The multipart body could not be read');
  }
}

/** Serves stored images; their names are random and never rewritten, so browsers keep them a year. */
export async function registerUploadedFiles(app: FastifyInstance, directory: string) {
  // Made now rather than on the first upload, so that a fresh data directory serves 404s quietly.
  await fs.mkdir(directory, { recursive: true });
  await app.register(fastifyStatic, {
    root: directory,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}

export async function registerUploadsRoutes(app: FastifyInstance, route: RouteRegistrar, store: UploadStore) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
  });
  route(uploadsEndpoints.uploadImage, async (ctx, request) => {
    if (!request.isMultipart()) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        415,
        'Send the image as multipart/form-data in the field "file"',
      );
    }
    return storeImage({ ...ctx, store }, { bytes: await readUploadedFile(request) });
  });
}

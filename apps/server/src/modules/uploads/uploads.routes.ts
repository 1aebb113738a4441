import fs from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { MAX_UPLOAD_BYTES, ZUploadResponse } from '@tavolo/contract/uploads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { createAuthenticate, principalOf, requireAnyPermission } from '../../http/auth';
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

export const uploadsRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  store: UploadStore;
  directory: string;
}> = async (app, { deps, store, directory }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
  });

  // Made now rather than on the first upload, so that a fresh data directory serves 404s quietly.
  await fs.mkdir(directory, { recursive: true });
  // Stored names are random and never rewritten, so browsers may keep them for a year.
  await app.register(fastifyStatic, {
    root: directory,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  app.post(
    '/api/uploads',
    {
      onRequest: createAuthenticate(deps.db),
      // Photos and banners belong to the menu and the restaurant's profile; nobody else uploads.
      preHandler: requireAnyPermission('menu.manage', 'settings.manage'),
      schema: {
        tags: ['uploads'],
        consumes: ['multipart/form-data'],
        description: 'Multipart field `file`: a JPEG, PNG or WebP image of at most 5 MB.',
        response: { 201: ZUploadResponse },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          415,
          'Send the image as multipart/form-data in the field "file"',
        );
      }
      const bytes = await readUploadedFile(request);
      const stored = await storeImage({
        db: deps.db,
        store,
        restaurantId: principalOf(request).restaurantId,
        bytes,
      });
      return reply.status(201).send(stored);
    },
  );
};

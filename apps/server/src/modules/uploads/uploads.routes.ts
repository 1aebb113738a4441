import fastifyMultipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, uploadsEndpoints } from '@tavolo/contract/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readMultipartFile } from '../../http/multipart-file';
import { headerOf, type RouteRegistrar } from '../../http/route';
import { findImage, storeImage } from './uploads.service';

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
    return storeImage(ctx, { bytes: await readMultipartFile(request, 'image') });
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

import { randomUUID } from 'node:crypto';
import { pathOf } from '@tavolo/contract/endpoint';
import { type TUploadResponse, uploadsEndpoints } from '@tavolo/contract/uploads';
import sharp, { type OutputInfo } from 'sharp';
import { AppError, notFound } from '../../core/app-error';
import type { ServiceContext, StaffContext } from '../../core/context';
import { findUploadData, insertUpload } from './uploads.repository';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Longest side of a stored image: plenty for a banner on a large screen. */
const MAX_DIMENSION = 2000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const IMAGE_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

const notAnImage = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file must be a JPEG, PNG or WebP image', {
    file: 'must be a JPEG, PNG or WebP image',
  });

/**
 * Checks the bytes (never the name or the declared type), re-encodes them as WebP — which drops
 * EXIF/GPS metadata and anything hidden after the image data — bounds the dimensions, and keeps
 * the result in the database, where every instance finds it.
 */
export async function storeImage(ctx: StaffContext, input: { bytes: Buffer }): Promise<TUploadResponse> {
  const { db } = ctx;
  const { restaurantId } = ctx.principal;
  const { bytes } = input;
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('UNPROCESSABLE', 'The image could not be read; it may be damaged', {
      file: 'could not be read',
    });
  }

  const file = `${randomUUID()}.webp`;
  const url = pathOf(uploadsEndpoints.image, { owner: restaurantId, file });
  await insertUpload(db, {
    restaurantId,
    storageKey: `${restaurantId}/${file}`,
    url,
    contentType: 'image/webp',
    width: output.info.width,
    height: output.info.height,
    bytes: output.data.length,
    data: output.data,
  });
  return { url, width: output.info.width, height: output.info.height };
}

/**
 * An image by its URL's parts, for anyone (menus are public). Its ETag is its random name: the
 * bytes under a name never change.
 */
export async function findImage(
  ctx: ServiceContext,
  input: { owner: string; file: string },
): Promise<{ bytes: Buffer; etag: string }> {
  const name = IMAGE_FILE.exec(input.file)?.[1];
  if (!name || !UUID.test(input.owner)) throw notFound('Image');
  const bytes = await findUploadData(ctx.db, input.owner, `${input.owner}/${input.file}`);
  if (!bytes) throw notFound('Image');
  return { bytes, etag: `"${name}"` };
}

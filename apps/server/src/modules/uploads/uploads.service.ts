import { randomUUID } from 'node:crypto';
import type { TUploadResponse } from '@tavolo/contract/uploads';
import sharp, { type OutputInfo } from 'sharp';
import { AppError } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { UploadStore } from './upload-store';
import { insertUpload } from './uploads.repository';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Longest side of a stored image: plenty for a banner on a large screen. */
const MAX_DIMENSION = 2000;

const notAnImage = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'The file must be a JPEG, PNG or WebP image', {
    file: 'must be a JPEG, PNG or WebP image',
  });

/**
 * Checks the bytes (never the name or the declared type), re-encodes them as WebP — which drops
 * EXIF/GPS metadata and anything hidden after the image data — and bounds the dimensions.
 */
export async function storeImage(
  ctx: StaffContext & { store: UploadStore },
  input: { bytes: Buffer },
): Promise<TUploadResponse> {
  const { db, store } = ctx;
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
    throw new AppError('UNPROCESSABLE', 422, 'The image could not be read; it may be damaged', {
      file: 'could not be read',
    });
  }

  const key = `${restaurantId}/${randomUUID()}.webp`;
  const url = await store.put(key, output.data, 'image/webp');
  try {
    await insertUpload(db, {
      restaurantId,
      storageKey: key,
      url,
      contentType: 'image/webp',
      width: output.info.width,
      height: output.info.height,
      bytes: output.data.length,
    });
  } catch (error) {
    await store.remove(key);
    throw error;
  }
  return { url, width: output.info.width, height: output.info.height };
}

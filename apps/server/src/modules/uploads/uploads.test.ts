import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { type TUploadResponse, uploadsEndpoints } from '@tavolo/contract/uploads';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createStaffMember,
  createTestApp,
  createTestDatabase,
  errorOf,
  injectApi,
  type Owner,
  registerOwner,
  type TestApp,
} from '../../../test/helpers';
import { uploads } from '../../db/schema';
import { legacyUploadsDirectory, moveUploadsFromDisk } from './uploads-from-disk';

let t: TestApp;
let owner: Owner;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
});
afterAll(() => t.close());

function multipart(bytes: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----tavolo${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(
  bytes: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
  token = owner.token,
  field = 'file',
  app = t.app,
) {
  const body = multipart(bytes, filename, contentType, field);
  return injectApi(app, uploadsEndpoints.uploadImage, {
    token,
    headers: { ...body.headers },
    payload: body.payload,
  });
}

/** A valid black-and-white PNG of any size, built by hand: its rows of zeros compress to almost nothing. */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit per pixel, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + pixels, all 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } });

describe('POST /api/uploads', () => {
  it('stores a JPEG re-encoded as WebP, without its metadata, served with long cache headers', async () => {
    const jpeg = await photo(640, 480)
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'GPS person' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const response = await upload(jpeg);
    expect(response.statusCode).toBe(201);
    const stored = response.json<TUploadResponse>();
    expect(stored).toMatchObject({ width: 640, height: 480 });
    expect(stored.url).toMatch(new RegExp(`^/uploads/${owner.restaurantId}/[0-9a-f-]{36}\\.webp$`));

    const served = await t.app.inject({ url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers.etag).toMatch(/^"[0-9a-f-]{36}"$/);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Camera Owner'))).toBe(false);
  });

  it('accepts PNG and WebP, judged by content whatever the name, and bounds the dimensions', async () => {
    const png = await photo(3000, 1000).png().toBuffer();
    const wide = await upload(png, 'banner.jpg', 'application/octet-stream');
    expect(wide.statusCode).toBe(201);
    expect(wide.json()).toMatchObject({ width: 2000, height: 667 });
    const webp = await photo(200, 200).webp().toBuffer();
    expect((await upload(webp, 'logo', 'image/webp')).statusCode).toBe(201);
  });

  it('refuses a file that is not an image, even named .png (415)', async () => {
    const response = await upload(Buffer.from('%PDF-1.7 this is not a picture'), 'menu.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      fields: { file: expect.any(String) },
    });
    const gif = await photo(10, 10).gif().toBuffer();
    expect((await upload(gif, 'anim.png', 'image/png')).statusCode).toBe(415);
  });

  it('answers 422, not 500, for an image of more pixels than it will decode (a decompression bomb)', async () => {
    // 7072 × 7072 = 50,013,184 pixels, just over the 50-megapixel limit, in a few kilobytes.
    const bomb = blankPng(7072, 7072);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await sharp(bomb).metadata()).toMatchObject({ format: 'png', width: 7072, height: 7072 });
    const response = await upload(bomb, 'bomb.png', 'image/png');
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({ code: 'UNPROCESSABLE', fields: { file: 'could not be read' } });
  });

  it('refuses a file above 5 MB with 413', async () => {
    const response = await upload(Buffer.alloc(5 * 1024 * 1024 + 1024, 0xff), 'huge.jpg');
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 400 without a file, 415 for a non-multipart body, 401 without a session', async () => {
    const jpeg = await photo(10, 10).jpeg().toBuffer();
    expect((await upload(jpeg, 'a.jpg', 'image/jpeg', owner.token, 'picture')).statusCode).toBe(400);
    const json = await injectApi(t.app, uploadsEndpoints.uploadImage, {
      token: owner.token,
      body: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const body = multipart(jpeg, 'a.jpg', 'image/jpeg');
    const anonymous = await injectApi(t.app, uploadsEndpoints.uploadImage, {
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400, not 500, for a multipart body it cannot read', async () => {
    const jpeg = await photo(10, 10).jpeg().toBuffer();
    const noBoundary = await injectApi(t.app, uploadsEndpoints.uploadImage, {
      token: owner.token,
      headers: { 'content-type': 'multipart/form-data' },
      payload: jpeg,
    });
    expect(noBoundary.statusCode).toBe(400);
    const body = multipart(jpeg, 'a.jpg', 'image/jpeg');
    const cutShort = await injectApi(t.app, uploadsEndpoints.uploadImage, {
      token: owner.token,
      headers: { ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 40),
    });
    expect(cutShort.statusCode).toBe(400);
    expect(errorOf(cutShort).code).toBe('MALFORMED_REQUEST');
  });

  it('is for those who run the menu or the settings: the kitchen gets 403', async () => {
    const jpeg = await photo(10, 10).jpeg().toBuffer();
    const kitchen = await createStaffMember(t, owner, 'Kitchen');
    expect((await upload(jpeg, 'a.jpg', 'image/jpeg', kitchen.token)).statusCode).toBe(403);
    const manager = await createStaffMember(t, owner, 'Manager');
    expect((await upload(jpeg, 'a.jpg', 'image/jpeg', manager.token)).statusCode).toBe(201);
  });
});

describe('GET /uploads/:owner/:file', () => {
  it('answers 304 when the client already holds the image (If-None-Match), for anyone', async () => {
    const stored = (await upload(await photo(40, 30).png().toBuffer())).json<TUploadResponse>();
    const first = await t.app.inject({ url: stored.url });
    const etag = first.headers.etag as string;
    const again = await t.app.inject({ url: stored.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const amongOthers = await t.app.inject({
      url: stored.url,
      headers: { 'if-none-match': `"something-else", W/${etag}` },
    });
    expect(amongOthers.statusCode).toBe(304);
    const stale = await t.app.inject({ url: stored.url, headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers a JSON 404 for a missing upload, a malformed name, or another restaurant’s path', async () => {
    const stored = (await upload(await photo(10, 10).png().toBuffer())).json<TUploadResponse>();
    const file = stored.url.split('/').at(-1)!;
    const other = await registerOwner(t.app);
    for (const url of [
      `/uploads/${owner.restaurantId}/nothing.webp`,
      `/uploads/${owner.restaurantId}/${randomUUID()}.webp`,
      `/uploads/not-a-restaurant/${file}`,
      `/uploads/${other.restaurantId}/${file}`,
      `/uploads/${owner.restaurantId}/..%2f..%2fetc%2fpasswd`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });
});

describe('two instances on one database', () => {
  it('an image uploaded through one instance is served by the other (nothing on either disk)', async () => {
    const database = await createTestDatabase();
    const a = await createTestApp({ database });
    const b = await createTestApp({ database });
    try {
      const who = await registerOwner(a.app);
      const response = await upload(
        await photo(64, 48).jpeg().toBuffer(),
        'dish.jpg',
        'image/jpeg',
        who.token,
        'file',
        a.app,
      );
      expect(response.statusCode).toBe(201);
      const { url } = response.json<TUploadResponse>();
      const fromB = await b.app.inject({ url });
      expect(fromB.statusCode).toBe(200);
      expect(fromB.headers['content-type']).toBe('image/webp');
      expect((await sharp(fromB.rawPayload).metadata()).width).toBe(64);
      expect(fromB.headers.etag).toBe((await a.app.inject({ url })).headers.etag);
      for (const instance of [a, b]) {
        const onDisk = await fs.readdir(instance.config.dataDir);
        expect(onDisk).not.toContain('uploads');
      }
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});

describe('images taken before they lived in the database', () => {
  it('moves the files found under TAVOLO_DATA_DIR/uploads into the database at start, once', async () => {
    const bytes = await photo(30, 20).webp().toBuffer();
    const onDisk = `${owner.restaurantId}/${randomUUID()}.webp`;
    const elsewhere = `${owner.restaurantId}/${randomUUID()}.webp`;
    const row = (storageKey: string) => ({
      restaurantId: owner.restaurantId,
      storageKey,
      url: `/uploads/${storageKey}`,
      contentType: 'image/webp',
      width: 30,
      height: 20,
      bytes: bytes.length,
    });
    // As the disk store left them: a row without bytes, the file beside the embedded database.
    await t.database.db.insert(uploads).values([row(onDisk), row(elsewhere)]);
    const directory = legacyUploadsDirectory(t.config.dataDir);
    await fs.mkdir(path.join(directory, owner.restaurantId), { recursive: true });
    await fs.writeFile(path.join(directory, onDisk), bytes);
    expect((await t.app.inject({ url: `/uploads/${onDisk}` })).statusCode).toBe(404);

    const log = { info: vi.fn(), warn: vi.fn() };
    expect(await moveUploadsFromDisk(t.database.db, t.config.dataDir, log)).toEqual({ moved: 1, missing: 1 });
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ moved: 1, missing: 1 }),
      'moved 1 image(s) from disk into the database',
    );
    expect(log.warn).toHaveBeenCalledOnce();

    const served = await t.app.inject({ url: `/uploads/${onDisk}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect((await t.app.inject({ url: `/uploads/${elsewhere}` })).statusCode).toBe(404);

    // Again: the moved image is left alone; the one on another machine is still looked for.
    await fs.rm(path.join(directory, onDisk));
    expect(await moveUploadsFromDisk(t.database.db, t.config.dataDir, log)).toEqual({ moved: 0, missing: 1 });
    expect((await t.app.inject({ url: `/uploads/${onDisk}` })).statusCode).toBe(200);
    await t.database.db.delete(uploads).where(eq(uploads.storageKey, elsewhere));
    expect(await moveUploadsFromDisk(t.database.db, t.config.dataDir, log)).toEqual({ moved: 0, missing: 0 });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../testing/fake-xhr';
import { HttpError, RequestError, setUnauthorizedHandler } from './api-client';
import { checkImageFile, uploadImage } from './upload-image';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(undefined);
  FakeXhr.last = undefined;
});

function currentXhr(): FakeXhr {
  if (!FakeXhr.last) throw new Error('no request was sent');
  return FakeXhr.last;
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'dish.jpg', { type: 'image/jpeg' });

describe('checkImageFile', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkImageFile({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it('explains what is wrong with other files', () => {
    expect(checkImageFile({ type: 'image/gif', size: 10 })).toBe('Choose a JPEG, PNG or WebP image.');
    expect(checkImageFile({ type: 'image/jpeg', size: 7.5 * 1024 * 1024 })).toBe(
      'This image is 7.5 MB; images can be at most 5 MB.',
    );
  });
});

describe('uploadImage', () => {
  it('posts the file as multipart, reports progress and parses the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const pending = uploadImage(photo(), { onProgress: (fraction) => progress.push(fraction) });
    const xhr = currentXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads');
    expect(xhr.withCredentials).toBe(true);
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);

    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.respond(201, { url: '/uploads/abc.jpg', width: 400, height: 300 });

    await expect(pending).resolves.toEqual({ url: '/uploads/abc.jpg', width: 400, height: 300 });
    expect(progress).toEqual([0, 0.25, 1]);
  });

  it('turns error answers into HttpError with the API error', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = uploadImage(photo());
    currentXhr().respond(413, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large' } });
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(413);
    expect((error as HttpError).apiError?.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reports a lapsed session like the API client does', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const pending = uploadImage(photo());
    currentXhr().respond(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in first' } });
    await expect(pending).rejects.toBeInstanceOf(HttpError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('classifies network failures, timeouts and unexpected answers', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const network = uploadImage(photo());
    currentXhr().emit('error');
    await expect(network).rejects.toMatchObject({ kind: 'FETCH_ERROR' });

    const slow = uploadImage(photo());
    currentXhr().emit('timeout');
    await expect(slow).rejects.toMatchObject({ kind: 'TIMEOUT_ERROR' });

    const odd = uploadImage(photo());
    currentXhr().respond(201, { path: 'nope' });
    const error = await odd.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).kind).toBe('PARSING_ERROR');
  });

  it('stops when the caller aborts', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const pending = uploadImage(photo(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeDefined();
  });
});

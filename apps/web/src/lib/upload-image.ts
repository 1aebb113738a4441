import {
  ACCEPTED_IMAGE_TYPES,
  MAX_UPLOAD_BYTES,
  type TUploadResponse,
  uploadsEndpoints,
} from '@tavolo/contract/uploads';
import { RequestError, toHttpError } from './api-client';
import { t } from './i18n/i18n';

const UPLOAD = uploadsEndpoints.uploadImage;
export const UPLOAD_PATH = UPLOAD.path;
/** For <input type="file" accept>. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

// Photos from a phone on a slow connection take a while; the API client's 30 s would cut them off.
const UPLOAD_TIMEOUT_MS = 120_000;

/** Megabytes to one decimal (7.5, 5). */
function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}

/**
 * Checks a chosen file before sending it, with a sentence for the person; null when it may go.
 * The server checks the content again: this only saves a useless upload.
 */
export function checkImageFile(file: Pick<File, 'size' | 'type'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return t('lib.upload.wrongType');
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return t('lib.upload.tooLarge', { size: megabytes(file.size), max: megabytes(MAX_UPLOAD_BYTES) });
  }
  return null;
}

export interface UploadOptions {
  /** Called with 0…1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads an image (multipart field `file`) and answers where it is stored. XMLHttpRequest rather
 * than fetch, because only it reports upload progress. Failures are the API client's classes.
 */
export function uploadImage(
  file: Blob,
  { onProgress, signal }: UploadOptions = {},
): Promise<TUploadResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(UPLOAD.method, UPLOAD_PATH);
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (action: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      action();
    };

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status < 200 || xhr.status >= 300) {
        settle(() => reject(toHttpError(UPLOAD_PATH, xhr.status, text)));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        settle(() =>
          reject(
            new RequestError('PARSING_ERROR', 'The server sent an unreadable answer.', { cause: error }),
          ),
        );
        return;
      }
      const parsed = UPLOAD.response.safeParse(body);
      settle(() =>
        parsed.success
          ? resolve(parsed.data)
          : reject(
              new RequestError('PARSING_ERROR', 'The server sent an unexpected answer.', {
                cause: parsed.error,
              }),
            ),
      );
    });
    xhr.addEventListener('error', () =>
      settle(() => reject(new RequestError('FETCH_ERROR', 'Could not reach the server.'))),
    );
    xhr.addEventListener('timeout', () =>
      settle(() => reject(new RequestError('TIMEOUT_ERROR', 'The server took too long to answer.'))),
    );
    xhr.addEventListener('abort', () =>
      settle(() => reject(signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError'))),
    );

    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'image');
    onProgress?.(0);
    xhr.send(form);
  });
}

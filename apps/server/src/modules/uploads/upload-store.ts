import fs from 'node:fs/promises';
import path from 'node:path';

/** Where image bytes live. Disk now; an S3-compatible store implements the same two calls. */
export type UploadStore = {
  /** Stores the bytes under `key` and answers the URL they are served at. */
  put: (key: string, bytes: Buffer, contentType: string) => Promise<string>;
  remove: (key: string) => Promise<void>;
};

export const UPLOADS_URL_PREFIX = '/uploads/';

export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function createDiskUploadStore(directory: string): UploadStore {
  return {
    async put(key, bytes) {
      const file = path.join(directory, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      await fs.writeFile(`${file}.part`, bytes);
      await fs.rename(`${file}.part`, file);
      return UPLOADS_URL_PREFIX + key;
    },
    async remove(key) {
      await fs.rm(path.join(directory, key), { force: true });
    },
  };
}

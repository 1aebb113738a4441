import zlib from 'node:zlib';

/**
 * A JSON answer made once per change and read many times (the floor, a station's screen): its text
 * and its compressed copies, made on first ask. Serializing and compressing tens of entries on every
 * read cost more than everything else such a read does.
 */
export type ReadyBody = { json: string; encoded: Map<'br' | 'gzip', Buffer> };

export function readyBody(json: string): ReadyBody {
  return { json, encoded: new Map() };
}

/**
 * The best encoding the client accepts of a ready body, compressed on first ask and kept with it
 * until the body changes. Lighter than the guest menu's (these change all evening): brotli 5.
 */
export function encodeReadyBody(
  body: ReadyBody,
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'gzip'; body: Buffer } | undefined {
  const accepted = acceptEncoding ?? '';
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (!encoding) return undefined;
  let encoded = body.encoded.get(encoding);
  if (!encoded) {
    encoded =
      encoding === 'br'
        ? zlib.brotliCompressSync(body.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : zlib.gzipSync(body.json, { level: 6 });
    body.encoded.set(encoding, encoded);
  }
  return { encoding, body: encoded };
}

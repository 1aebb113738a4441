import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';

/**
 * The bytes of the multipart field "file" (in a scope that registered @fastify/multipart).
 * toBuffer() throws 413 as soon as the stream passes the size limit; a body the parser cannot read
 * (no boundary, cut short) is the client's error too; a body that is not multipart at all, 415.
 */
export async function readMultipartFile(request: FastifyRequest, what: string): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the ${what} as multipart/form-data in the field "file"`,
    );
  }
  try {
    const file = await request.file();
    if (file?.fieldname !== 'file') {
      throw new AppError('VALIDATION_FAILED', 'No file was sent', { file: 'is required' });
    }
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError('MALFORMED_REQUEST', 'The multipart body could not be read');
  }
}

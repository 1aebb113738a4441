// The uploads' limits, without zod: uploads.ts builds its schemas on them and pages read them here. Not in
// client/uploads.ts, which imports uploads.ts for its types: uploads.ts would import it back.

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

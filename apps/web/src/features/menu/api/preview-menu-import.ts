import { useMutation } from '@tanstack/react-query';
import { pathOf } from '@tavolo/contract/endpoint';
import { menuImportEndpoints, type TMenuImportPreview } from '@tavolo/contract/menu-import';
import { apiRequest } from '../../../lib/api-client';

const PREVIEW = menuImportEndpoints.previewMenuImport;
// A spreadsheet of 2 MB on a restaurant's Wi-Fi: more than the API client's 30 s.
const PREVIEW_TIMEOUT_MS = 120_000;

/**
 * Sends a spreadsheet (multipart field `file`) and answers what importing it would do: new, changed
 * and unchanged categories and dishes, and each row's errors. Nothing is written to the menu.
 */
export function previewMenuImport(file: Blob): Promise<TMenuImportPreview> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'menu.csv');
  return apiRequest(pathOf(PREVIEW), {
    method: PREVIEW.method,
    body: form,
    schema: PREVIEW.response,
    timeoutMs: PREVIEW_TIMEOUT_MS,
  });
}

export function usePreviewMenuImport() {
  return useMutation({ mutationFn: previewMenuImport });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { receiptsRoutes } from '@tavolo/contract/client/receipts';
import { callEndpoint, urlOf } from './api-client';

// Here rather than in a feature: the Payments screens and the guest's payment page both read receipts.

/** Every receipt read: a refund (a new credit note) or a close does not change one, so no root key. */
export const receiptQueryKey = (id: string) => ['receipt', id] as const;

/**
 * One receipt or credit note. Staff read it with their session; a guest sends `token`, the code of
 * the table it was paid at (or the order's guest token).
 */
export async function getReceipt(id: string, token?: string, signal?: AbortSignal) {
  return callEndpoint(receiptsRoutes.getReceipt, { params: { id }, query: { token }, signal });
}

export function receiptQueryOptions(id: string, token?: string) {
  return queryOptions({
    queryKey: receiptQueryKey(id),
    queryFn: ({ signal }) => getReceipt(id, token, signal),
    // A receipt is frozen when issued: one answer is enough.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useReceipt(id: string, token?: string, enabled = true) {
  return useQuery({ ...receiptQueryOptions(id, token), enabled: enabled && id !== '' });
}

/** Where the receipt's PDF (80 mm wide) opens from: a plain link, with the session cookie or the code. */
export function receiptPdfUrl(id: string, token?: string): string {
  return urlOf(receiptsRoutes.getReceiptPdf, { params: { id }, query: { token } });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { tableServiceRoutes } from '@tavolo/contract/client/table-service';
import { useState } from 'react';
import { callEndpoint } from '../../../lib/api-client';

/** Every receipt: the table's stream reloads them all when the bill moves. */
export const billReceiptsQueryKey = ['guest', 'receipt'] as const;
export const billReceiptQueryKey = (paymentId: string) => [...billReceiptsQueryKey, paymentId] as const;

/** One payment towards the table's bill: pending, then its receipt (or its failure). */
export async function getBillReceipt(qrToken: string, paymentId: string, signal?: AbortSignal) {
  return callEndpoint(tableServiceRoutes.getBillReceipt, {
    params: { paymentId },
    query: { qrToken },
    signal,
  });
}

export function billReceiptQueryOptions(qrToken: string, paymentId: string) {
  return queryOptions({
    queryKey: billReceiptQueryKey(paymentId),
    queryFn: ({ signal }) => getBillReceipt(qrToken, paymentId, signal),
  });
}

/** How often, and for how long, a pending payment is asked about again (the stream may say it sooner). */
export const RECEIPT_POLL_MS = 3_000;
export const RECEIPT_POLL_FOR_MS = 60_000;

export function useBillReceipt(qrToken: string, paymentId: string) {
  const [openedAt] = useState(Date.now);
  return useQuery({
    ...billReceiptQueryOptions(qrToken, paymentId),
    // A short while only: a payment still pending after a minute is not settled by asking more.
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && Date.now() - openedAt < RECEIPT_POLL_FOR_MS
        ? RECEIPT_POLL_MS
        : false,
  });
}

import { useMutation } from '@tanstack/react-query';
import { receiptsRoutes } from '@tavolo/contract/client/receipts';
import { callEndpoint } from './api-client';

// Here rather than in a feature: staff e-mail a receipt from Payments, a guest from their payment page.

export interface EmailReceiptInput {
  id: string;
  email: string;
  /** A guest's credential: the table's code. Staff send none. */
  token?: string;
}

/** Sends the receipt with its PDF attached (202); 429 once it was sent too often. */
export async function emailReceipt({ id, email, token }: EmailReceiptInput): Promise<void> {
  await callEndpoint(receiptsRoutes.emailReceipt, { params: { id }, body: { email, token } });
}

export function useEmailReceipt() {
  return useMutation({ mutationFn: emailReceipt });
}

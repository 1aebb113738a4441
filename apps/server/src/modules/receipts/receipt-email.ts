import type { TReceipt } from '@tavolo/contract/receipts';
import { type ReceiptFormatOptions, receiptTextOf } from '../printing/receipt-format';
import { fill } from '../printing/ticket-encoding';

/**
 * The e-mail that carries a receipt's PDF, in the receipt's language: a subject naming the receipt
 * and the restaurant, a line saying what is attached, and the seller's block to sign it.
 */
export function receiptEmail(
  receipt: TReceipt,
  options: ReceiptFormatOptions = {},
): { subject: string; text: string } {
  const said = receiptTextOf(receipt, options);
  const { labels } = said;
  const credit = receipt.kind === 'credit_note';
  const values = {
    number: receipt.number,
    seller: receipt.seller.name,
    date: said.issuedOn,
    total: said.money(receipt.totalMinor),
    receipt: receipt.creditFor?.number ?? '',
  };
  const subject = fill(credit ? labels.emailCreditNoteSubject : labels.emailReceiptSubject, values);
  const body = fill(credit ? labels.emailCreditNoteText : labels.emailReceiptText, values);
  return { subject, text: `${body}\n\n${said.seller.join('\n')}\n` };
}

import type { TReceipt } from '@tavolo/contract/receipts';
import { type ReceiptFormatOptions, type ReceiptText, receiptTextOf } from '../printing/receipt-format';
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
  return { subject, text: `${body}\n\n${moneyText(said)}\n\n${said.seller.join('\n')}\n` };
}

/**
 * The receipt's money in the mail's text, as the PDF reads it: each line (or the share) with its
 * amount, then the rows under them (service charge on its own row, the total, the tip apart).
 */
function moneyText(said: ReceiptText): string {
  const rows = [
    ...said.lines.flatMap((line) => [`${line.text}: ${line.amount}`, ...line.details.map((d) => `  ${d}`)]),
    ...said.totals.map((total) => `${total.label}: ${total.amount}`),
  ];
  return rows.join('\n');
}

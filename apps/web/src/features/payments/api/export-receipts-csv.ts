import { receiptsRoutes } from '@tavolo/contract/client/receipts';
import { urlOf } from '../../../lib/api-client';

/**
 * Where the accountant's CSV of the business days from–to downloads from: one row per receipt and
 * rate. A plain link (not fetch), so the browser saves the attachment itself, with the session cookie.
 */
export function exportReceiptsCsvUrl(range: { from: string; to: string }): string {
  return urlOf(receiptsRoutes.exportReceiptsCsv, { query: range });
}

import { tablesRoutes } from '@tavolo/contract/client/tables';
import { pathOf } from '@tavolo/contract/endpoint';
import type { TTable } from '@tavolo/contract/tables';
import { t } from '../../../lib/i18n/i18n';

export type QrFormat = 'svg' | 'png';

/**
 * The table's QR code as the server renders it. The token's start rides along so that a rotated
 * code is fetched afresh rather than shown from the browser's image cache (the server ignores it).
 */
export function tableQrUrl(
  table: Pick<TTable, 'id' | 'qrToken'>,
  format: QrFormat,
  download = false,
): string {
  const params = new URLSearchParams({ v: table.qrToken.slice(0, 8) });
  if (download) params.set('download', '1');
  const endpoint = format === 'svg' ? tablesRoutes.tableQrSvg : tablesRoutes.tableQrPng;
  return `${pathOf(endpoint, { id: table.id })}?${params}`;
}

export function tableName(table: Pick<TTable, 'number' | 'label'>): string {
  const name = t('tables.card.title', { number: table.number });
  return table.label ? `${name} · ${table.label}` : name;
}

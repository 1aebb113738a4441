import { useQueryClient } from '@tanstack/react-query';
import { tableServiceRoutes } from '@tavolo/contract/client/table-service';
import type { TBillUpdatedData } from '@tavolo/contract/events';
import type { TServiceRequestList } from '@tavolo/contract/table-service';
import { useRef } from 'react';
import { urlOf } from '../../../lib/api-client';
import { type EventStreamStatus, useEventStream } from '../../../lib/use-event-stream';
import { mergeServiceRequest } from '../model/service-requests';
import { billReceiptsQueryKey } from './get-bill-receipt';
import { guestMenuQueryKey } from './get-guest-menu';
import { tableBillQueryKey } from './get-table-bill';
import { tableServiceRequestsQueryKey } from './get-table-service-requests';

export function tableStreamUrl(qrToken: string): string {
  return urlOf(tableServiceRoutes.tableStream, { query: { qrToken } });
}

/**
 * What every phone at the table follows: the menu (a dish sold out shows at once), the table's bill
 * and the table's calls to staff. Each `ready` reloads what is on screen: whatever happened while
 * the stream was down and no replay covers.
 */
export function useTableStream(
  qrToken: string,
  { onBillUpdated }: { onBillUpdated?: (data: TBillUpdatedData) => void } = {},
): EventStreamStatus {
  const queryClient = useQueryClient();
  const onBill = useRef(onBillUpdated);
  onBill.current = onBillUpdated;
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: guestMenuQueryKey(qrToken) });
    void queryClient.invalidateQueries({ queryKey: tableBillQueryKey(qrToken), exact: true });
    void queryClient.invalidateQueries({ queryKey: tableServiceRequestsQueryKey(qrToken), exact: true });
  };
  return useEventStream({
    url: qrToken ? tableStreamUrl(qrToken) : undefined,
    stream: 'table',
    onReady: reload,
    onUnreadable: reload,
    onEvent: (event) => {
      switch (event.type) {
        case 'menu.updated':
          void queryClient.invalidateQueries({ queryKey: guestMenuQueryKey(qrToken) });
          return;
        case 'bill.updated':
          // The bill and any receipt on screen (a payment that just went through).
          void queryClient.invalidateQueries({ queryKey: tableBillQueryKey(qrToken) });
          void queryClient.invalidateQueries({ queryKey: billReceiptsQueryKey });
          onBill.current?.(event.data);
          return;
        case 'service_request.updated':
          queryClient.setQueryData<TServiceRequestList>(tableServiceRequestsQueryKey(qrToken), (known) => ({
            items: mergeServiceRequest(known?.items ?? [], event.data.request),
          }));
          return;
      }
    },
  });
}

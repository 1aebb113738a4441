import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceRequestsRoutes } from '@tavolo/contract/client/table-service';
import type { TCreateServiceRequest, TServiceRequestList } from '@tavolo/contract/table-service';
import { callEndpoint } from '../../../lib/api-client';
import { mergeServiceRequest } from '../model/service-requests';
import { tableServiceRequestsQueryKey } from './get-table-service-requests';

/** Calls staff to the table: a waiter, the bill, or a message. No order needed. */
export async function createServiceRequest(body: TCreateServiceRequest) {
  return callEndpoint(serviceRequestsRoutes.createServiceRequest, { body });
}

export function useCreateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceRequest,
    networkMode: 'always',
    onSuccess: (request, { qrToken }) => {
      queryClient.setQueryData<TServiceRequestList>(tableServiceRequestsQueryKey(qrToken), (known) => ({
        items: mergeServiceRequest(known?.items ?? [], request),
      }));
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceRequestsRoutes } from '@tavolo/contract/client/table-service';
import type { TServiceRequest } from '@tavolo/contract/table-service';
import { callEndpoint } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { applyServiceRequest, restoreRequest, withoutRequest } from '../model/service-requests';
import { openServiceRequestsQueryKey } from './get-service-requests';

export function acknowledgeServiceRequest(request: TServiceRequest) {
  return callEndpoint(serviceRequestsRoutes.acknowledgeServiceRequest, {
    params: { id: request.id },
    body: { status: 'acknowledged' },
  });
}

/**
 * "On my way": the request leaves the strip at once (the waiter is already walking), and comes
 * back if the server refuses; the list is then read again, since it may be behind.
 */
export function useAcknowledgeServiceRequest() {
  const queryClient = useQueryClient();
  const { restaurant } = useCurrentSession();
  const key = openServiceRequestsQueryKey(restaurant.id);

  return useMutation({
    mutationFn: acknowledgeServiceRequest,
    onMutate: async (request) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      queryClient.setQueryData<TServiceRequest[]>(key, (list) => list && withoutRequest(list, request.id));
    },
    onError: (_error, request) => {
      queryClient.setQueryData<TServiceRequest[]>(key, (list) => list && restoreRequest(list, request));
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<TServiceRequest[]>(key, (list) => list && applyServiceRequest(list, answer));
    },
  });
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiToken,
  ApiTokenWithSecret,
  TokenCreateBody,
  WebhookCreateBody,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookUpdateBody,
  WebhookWithSecret,
} from '@hiu/domain';
import { api } from '../../lib/api-client';

const LIST = ['/api/webhooks'];

export const useWebhooks = () => useQuery<WebhookEndpoint[]>({ queryKey: LIST });

function useWebhookMutation<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST }) });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: WebhookCreateBody) => api.post<WebhookWithSecret>('/api/webhooks', body));
export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, body }: { id: string; body: WebhookUpdateBody }) =>
    api.patch<WebhookEndpoint>(`/api/webhooks/${id}`, body),
  );
export const useDeleteWebhook = () => useWebhookMutation((id: string) => api.delete(`/api/webhooks/${id}`));
export const useRotateSecret = () =>
  useWebhookMutation((id: string) => api.post<WebhookWithSecret>(`/api/webhooks/${id}/rotate-secret`, {}));
export const useSendTest = () =>
  useWebhookMutation((id: string) => api.post<{ eventId: string }>(`/api/webhooks/${id}/test`, {}));
export const useResend = () =>
  useWebhookMutation(({ id, eventId }: { id: string; eventId: string }) =>
    api.post(`/api/webhooks/${id}/deliveries/${eventId}/resend`, {}),
  );

/** Every attempt to one endpoint, newest first, fifty at a time. */
export function useDeliveries(id: string | undefined) {
  return useInfiniteQuery({
    queryKey: ['/api/webhooks/deliveries', id],
    enabled: !!id,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      api.get<WebhookDeliveryPage>(`/api/webhooks/${id}/deliveries${pageParam ? `?cursor=${pageParam}` : ''}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

const TOKENS = ['/api/tokens'];
export const useTokens = () => useQuery<ApiToken[]>({ queryKey: TOKENS });

function useTokenMutation<A, R>(fn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS }) });
}
export const useCreateToken = () =>
  useTokenMutation((body: TokenCreateBody) => api.post<ApiTokenWithSecret>('/api/tokens', body));
export const useRevokeToken = () => useTokenMutation((id: string) => api.delete(`/api/tokens/${id}`));

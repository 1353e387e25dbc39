import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkPropertiesBody,
  Property,
  PropertyDeleteImpact,
  PropertyDraft,
  PropertyWithStatus,
} from '@hiu/domain';
import { api } from '../../../lib/api-client';
import { PAGE_SIZE, refreshSitesAndProperties, withQuery, type PageOf } from './query';

/** GET /api/properties: one site's properties with where each stands, searched and paged on the server. */
export function usePropertyList(siteId: string, search: string, offset = 0) {
  return useQuery<PageOf<PropertyWithStatus>>({
    queryKey: [withQuery('/api/properties', { siteId, q: search.trim(), limit: PAGE_SIZE, offset })],
    enabled: siteId !== '',
    placeholderData: keepPreviousData,
  });
}

export function usePropertyDeleteImpact(id: string | undefined) {
  return useQuery<PropertyDeleteImpact>({
    queryKey: [`/api/properties/${id}/delete-impact`],
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSaveProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id?: string;
      body: { siteId?: string; address: string; propertyType: string; block: string; floor: string };
    }) =>
      id
        ? api.patch<Property>(`/api/properties/${id}`, {
            address: body.address,
            propertyType: body.propertyType,
            block: body.block,
            floor: body.floor,
          })
        : api.post<Property>('/api/properties', body),
    onSuccess: () => refreshSitesAndProperties(queryClient),
  });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/properties/${id}`),
    onSuccess: () => refreshSitesAndProperties(queryClient),
  });
}

export function useImportProperties() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkPropertiesBody) => api.post<{ count: number }>('/api/properties/bulk', body),
    onSuccess: () => refreshSitesAndProperties(queryClient),
  });
}

/** GET /api/properties/:id/drafts: who holds a check of the property, for discarding abandoned ones. */
export function usePropertyDrafts(id: string | undefined) {
  return useQuery<PropertyDraft[]>({
    queryKey: [`/api/properties/${id}/drafts`],
    enabled: !!id,
    staleTime: 0,
  });
}

export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, draftId }: { propertyId: string; draftId: string }) =>
      api.delete(`/api/properties/${propertyId}/drafts/${draftId}`),
    // The property's status and its site's progress change with its drafts.
    onSettled: () => refreshSitesAndProperties(queryClient),
  });
}

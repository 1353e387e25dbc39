import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSiteBody,
  Site,
  SiteBulkResult,
  SiteDeleteImpact,
  SiteMember,
  SiteSummary,
  UpdateSiteBody,
} from '@hiu/domain';
import { api, downloadFile } from '../../../lib/api-client';
import { PAGE_SIZE, refreshSitesAndProperties, withQuery, type PageOf } from './query';

/** GET /api/sites: one page, searched by name or location on the server. */
export function useSiteList(search: string, offset = 0, limit = PAGE_SIZE) {
  return useQuery<PageOf<SiteSummary>>({
    queryKey: [withQuery('/api/sites', { q: search.trim(), limit, offset })],
    placeholderData: keepPreviousData,
  });
}

/** GET /api/sites/:id: the whole site with its design parameters. */
export function useSite(id: string) {
  return useQuery<Site>({ queryKey: [`/api/sites/${id}`], enabled: id !== '' });
}

export function useSiteDeleteImpact(id: string | undefined) {
  return useQuery<SiteDeleteImpact>({
    queryKey: [`/api/sites/${id}/delete-impact`],
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSaveSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateSiteBody | UpdateSiteBody }) =>
      id ? api.patch<Site>(`/api/sites/${id}`, body) : api.post<Site>('/api/sites', body),
    onSuccess: () => refreshSitesAndProperties(queryClient),
  });
}

export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/sites/${id}`),
    onSuccess: () => refreshSitesAndProperties(queryClient),
  });
}

export function useBulkUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csvData: string) => api.post<SiteBulkResult>('/api/sites/bulk', { csvData }),
    onSuccess: (result) => {
      if (result.summary.sitesCreated + result.summary.propertiesCreated > 0)
        void refreshSitesAndProperties(queryClient);
    },
  });
}

export const downloadSiteTemplate = () => downloadFile('/api/sites/bulk/template', 'site-upload-template.csv');

/** GET /api/sites/:id/members: who belongs to the site. */
export function useSiteMembers(id: string | undefined) {
  return useQuery<SiteMember[]>({ queryKey: [`/api/sites/${id}/members`], enabled: !!id });
}

export function useChangeMember(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, add }: { userId: string; add: boolean }): Promise<void> => {
      if (add) await api.put<SiteMember>(`/api/sites/${siteId}/members/${userId}`, {});
      else await api.delete(`/api/sites/${siteId}/members/${userId}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [`/api/sites/${siteId}/members`] }),
  });
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BulkApprovalBody,
  BulkApprovalResult,
  CorrectionBody,
  OverallStatus,
  ReportDetail,
  ReviewBody,
  ReviewCount,
  ReviewQueuePage,
  ReportSummary,
  SiteEngineer,
} from '@hiu/domain';
import { api } from '../../lib/api-client';

/** How many reports wait on each site the reviewer reviews: the supervisor's home. */
export function useReviewCounts(enabled: boolean) {
  return useQuery<ReviewCount[]>({ queryKey: ['/api/me/review-counts'], enabled, refetchOnMount: 'always' });
}

export interface QueueFilters {
  engineerId: string;
  verdict: '' | OverallStatus;
}

/** A site's review queue, oldest first, a page at a time. */
export function useReviewQueue(siteId: string, f: QueueFilters) {
  const q = new URLSearchParams({ limit: '25' });
  if (f.engineerId) q.set('engineerId', f.engineerId);
  if (f.verdict) q.set('verdict', f.verdict);
  return useInfiniteQuery({
    queryKey: [`/api/sites/${siteId}/review-queue?${q.toString()}`],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api.get<ReviewQueuePage>(
        `/api/sites/${siteId}/review-queue?${q.toString()}${pageParam ? `&after=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    getNextPageParam: (last) => last.next,
  });
}

/** The active engineers of a site: whom flats are assigned to, and the queue's engineer filter. */
export function useSiteEngineers(siteId: string) {
  return useQuery<SiteEngineer[]>({ queryKey: [`/api/sites/${siteId}/engineers`], enabled: siteId !== '' });
}

export function useReport(id: string) {
  return useQuery<ReportDetail>({ queryKey: [`/api/reports/${id}`] });
}

/** Earlier attempts at the same flat, newest first. */
export function useEarlierAttempts(id: string) {
  return useQuery<ReportSummary[]>({ queryKey: [`/api/reports/${id}/earlier`] });
}

/** Everything a decision or correction changes on screen is read again. */
function useRefresh(id: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [`/api/reports/${id}`] }),
      client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('/review') }),
      client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/audit') }),
    ]);
}

export function useDecision(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: ReviewBody) => api.post(`/api/reports/${id}/review`, body),
    onSettled: refresh,
  });
}

export function useCorrection(id: string) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: CorrectionBody) =>
      api.post<{ revision: number; overallStatus: string; verdictChanged: boolean }>(
        `/api/reports/${id}/corrections`,
        body,
      ),
    onSettled: refresh,
  });
}

/** Approves the chosen passing reports, each as its own decision; answers which were approved and which refused. */
export function useBulkApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkApprovalBody) => api.post<BulkApprovalResult>('/api/reports/approvals', body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('/review') }),
        client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/reports/') }),
      ]),
  });
}

/** The oldest report of the site still awaiting review other than `exceptId`, read fresh after a decision. */
export async function nextInQueue(siteId: string, exceptId: string): Promise<string | null> {
  const page = await api.get<ReviewQueuePage>(`/api/sites/${siteId}/review-queue?limit=2`);
  return page.items.find((r) => r.id !== exceptId)?.id ?? null;
}

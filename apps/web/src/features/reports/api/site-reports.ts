import { useQuery } from '@tanstack/react-query';
import type { ReportSummary } from '@hiu/domain';

/** A property's earlier reports (its history), newest first, loaded when the engineer opens them. */
export function useEarlierReports(reportId: string, enabled: boolean) {
  return useQuery<ReportSummary[]>({ queryKey: [`/api/reports/${reportId}/earlier`], enabled });
}

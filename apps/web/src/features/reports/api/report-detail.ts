import { useQuery } from '@tanstack/react-query';
import type { ReportDetail } from '@hiu/domain';

/** One report with its data, fetched only when its details are opened (the list carries summaries). */
export function useReportDetail(id: string, enabled: boolean) {
  return useQuery<ReportDetail>({ queryKey: [`/api/reports/${id}`], enabled });
}

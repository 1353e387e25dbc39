import type { ReportDetail } from '@hiu/domain';

/** What a review dialog about one report is given by the report page. */
export interface ReportDialogProps {
  report: ReportDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

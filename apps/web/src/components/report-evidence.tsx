import { useId, useState } from 'react';
import { formatDateTime, formatLocation, formatSeconds, stepStamps } from '@hiu/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReportDetail } from '@hiu/domain';
import { Button } from './ui/button';

/** The field evidence of one report (45 °C time, step times, location), opened on request. */
export function ReportEvidence({ reportId }: { reportId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const detail = useQuery<ReportDetail>({ queryKey: [`/api/reports/${reportId}`], enabled: open });
  const d = detail.data?.wizardData;
  return (
    <div className="mt-2">
      {/* Pulled left by its padding, so its text lines up with the details above it. */}
      <Button
        variant="ghost"
        className="-ml-4"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide evidence' : 'Show evidence'}
      </Button>
      {open ? (
        <div id={panelId} className="mt-1 rounded-lg bg-slate-50 p-3 text-sm">
          {detail.isLoading ? <p role="status">Loading...</p> : null}
          {detail.isError ? <p role="alert">The evidence could not be loaded. Check your connection.</p> : null}
          {d ? (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
              <dt className="text-slate-600">Time to 45 °C</dt>
              <dd className="text-slate-900">{formatSeconds(d.dhwChecks.fortyFiveSeconds) || 'Not timed'}</dd>
              {d.dhwChecks.fortyFiveOverrideReason ? (
                <>
                  <dt className="text-slate-600">Answer override</dt>
                  <dd className="text-slate-900">{d.dhwChecks.fortyFiveOverrideReason}</dd>
                </>
              ) : null}
              {stepStamps(d).map((s) => (
                <div key={s.number} className="contents">
                  <dt className="text-slate-600">
                    Step {s.number} {s.name}
                  </dt>
                  <dd className="text-slate-900">{formatDateTime(s.at)}</dd>
                </div>
              ))}
              <dt className="text-slate-600">Location at submit</dt>
              <dd className="text-slate-900">{formatLocation(d.submitLocation)}</dd>
            </dl>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

import type { ReviewQueueItem } from '@hiu/domain';

/** Whether a failing report failed because the device did at a step, or because a reading was out of range. */
export function failureKind(r: Pick<ReviewQueueItem, 'overallStatus' | 'failedStep'>): string | null {
  if (r.failedStep) return `Device failure at step ${r.failedStep}`;
  return r.overallStatus === 'FAIL' ? 'Reading out of range' : null;
}

/** The failure kind and its reasons, as the queue lists them under a failing report. */
export function FailureSummary({ report }: { report: ReviewQueueItem }) {
  const kind = failureKind(report);
  if (!kind) return null;
  return (
    <span className="block text-sm text-fail">
      <span className="block font-semibold">{kind}</span>
      {report.failureReasons.length ? (
        <span className="block">
          {report.failureReasons.map((f) => (
            <span key={f} className="block break-words">
              · {f}
            </span>
          ))}
        </span>
      ) : null}
    </span>
  );
}

import { progressSentence, type SiteProgress } from '@hiu/domain';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSiteProgress } from '../api/sites';
import { problemWords } from '../../../lib/problem-words';

const percent = (n: number, total: number) => (total === 0 ? 0 : (n / total) * 100);

/** The bar's segments in the order an engineer reads them: done, failed, incomplete, under way. */
const segments: { key: keyof SiteProgress; cls: string }[] = [
  { key: 'passed', cls: 'bg-pass' },
  { key: 'failed', cls: 'bg-fail' },
  { key: 'pending', cls: 'bg-amber-500' },
  { key: 'inProgress', cls: 'bg-sky-500' },
];

/**
 * The chosen site's progress: "143 of 200 commissioned, 9 failed" (commissioned = the latest report passed)
 * as text and as a progress bar whose value is the commissioned count.
 */
export function SiteProgressSummary({ siteId, siteName }: { siteId: string; siteName: string }) {
  const progress = useSiteProgress(siteId);
  if (progress.isLoading) return <Skeleton className="h-24" />;
  // Not a failure of anything the engineer does (often just no signal): said quietly, the check can still start.
  if (progress.isError) {
    return <p className="text-sm text-slate-600">{problemWords(progress.error, 'the site progress').sentence}</p>;
  }
  const p = progress.data;
  if (!p) return null;
  if (p.total === 0) return <p className="text-sm text-slate-600">This site has no properties yet.</p>;
  const sentence = progressSentence(p);
  return (
    <section aria-label={`Progress at ${siteName}`} className="space-y-2 rounded-lg bg-slate-50 p-3">
      <p className="text-base font-semibold text-slate-900" data-testid="site-progress-text">
        {sentence}
      </p>
      <div
        role="progressbar"
        aria-label="Properties commissioned"
        aria-valuemin={0}
        aria-valuemax={p.total}
        aria-valuenow={p.passed}
        aria-valuetext={sentence}
        className="flex h-3 overflow-hidden rounded-full bg-slate-200"
      >
        {segments.map((s) =>
          p[s.key] > 0 ? (
            <div key={s.key} className={s.cls} style={{ width: `${percent(p[s.key], p.total)}%` }} />
          ) : null,
        )}
      </div>
      <p className="text-sm text-slate-700">{p.notStarted} not started</p>
    </section>
  );
}

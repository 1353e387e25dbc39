import {
  evaluate,
  formatDate,
  ISSUE_OWNER_LABELS,
  packGroupRows,
  packOf,
  packPhotoRows,
  reviewSectionRows,
  SECTIONS,
  testPackName,
  type Ranges,
  type ReportDetail,
  type ReportRow,
} from '@hiu/domain';
import { StatusBadge } from '../../components/ui/badge';
import { cn } from '../../components/ui/cn';
import { ReportPhotos } from './report-photos';
import { NetworkIssuesAtSubmit } from './network-issues-at-submit';

type Section = (typeof SECTIONS)[number];

/** Every row of a step: the checklist's, then its test pack's groups (and on step 7 the pack's photos). */
function stepRows(report: ReportDetail, section: Section) {
  const ranges = report.ranges as Ranges;
  const groups = packGroupRows(report.wizardData, ranges, section.step);
  if (section.id === 'photosSignature') {
    const photos = packPhotoRows(report.wizardData);
    if (photos.length) groups.push({ group: 'Required photos', rows: photos });
  }
  return { rows: reviewSectionRows(section.id, report.wizardData, ranges), groups };
}

/**
 * Everything the engineer recorded, as the PDF holds it (docs/product.md#review): what failed first, then each
 * step in order with every answer, reading, radiator setting and the pack's answers, each with the rule book's
 * verdict; then the photos, the signature and the engineer's notes. Items the reviewer marked are outlined.
 */
export function ReportSteps({ report }: { report: ReportDetail }) {
  const data = report.wizardData;
  const evaluation = evaluate(data, report.ranges as Ranges, report.failedStep);
  const marked = new Set(report.reviewFields);
  const steps = SECTIONS.map((section) => ({ section, ...stepRows(report, section) }));
  const failing = steps.flatMap(({ section, rows, groups }) =>
    [...rows, ...groups.flatMap((g) => g.rows)]
      .filter((r) => r.result === 'fail')
      .map((row) => ({ row, where: `Step ${section.step}: ${section.title}` })),
  );
  const pack = packOf(data);
  return (
    <div className="space-y-5">
      {failing.length ? (
        <section aria-labelledby="failing-heading" className="space-y-2">
          <h2 id="failing-heading" className="text-lg font-bold text-fail">
            Failing items ({failing.length})
          </h2>
          <ul className="divide-y divide-slate-100 rounded-lg border-2 border-red-300 bg-white">
            {failing.map(({ row, where }) => (
              <RowItem key={row.id} row={row} where={where} marked={marked.has(row.id)} />
            ))}
          </ul>
        </section>
      ) : null}
      {pack.fields.length ? <p className="text-slate-800">Taken under {testPackName(report.testPack)}.</p> : null}
      {steps.map(({ section, rows, groups }) => {
        const notDone = report.failedStep !== null && section.step > report.failedStep;
        const skipped = !notDone && section.id === 'radiators' && rows.length === 0;
        return (
          <section key={section.id} aria-labelledby={`step-${section.step}`} className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`step-${section.step}`} className="text-lg font-bold">
                Step {section.step}: {section.title}
              </h2>
              <StatusBadge status={evaluation.sections[section.id]} />
            </div>
            {notDone ? (
              <p className="text-slate-700">Not carried out: the device failed at step {report.failedStep}.</p>
            ) : skipped ? (
              <p className="text-slate-700">Step skipped: no radiator valve settings were recorded.</p>
            ) : (
              <>
                <RowList rows={rows} marked={marked} />
                {groups.map((g) => (
                  <div key={g.group} className="space-y-1">
                    <h3 className="text-base font-semibold text-slate-800">{g.group}</h3>
                    <RowList rows={g.rows} marked={marked} />
                  </div>
                ))}
                {section.id === 'photosSignature' ? <PackIssues report={report} /> : null}
                {section.id === 'photosSignature' ? <NetworkIssuesAtSubmit report={report} /> : null}
                {section.id === 'photosSignature' ? <ReportPhotos report={report} /> : null}
              </>
            )}
          </section>
        );
      })}
      <section aria-labelledby="notes-heading" className="space-y-2">
        <h2 id="notes-heading" className="text-lg font-bold">
          Engineer&apos;s notes
        </h2>
        {report.notes.trim() ? (
          <p className="rounded-lg border border-slate-200 bg-white p-3 whitespace-pre-wrap text-slate-900">
            {report.notes}
          </p>
        ) : (
          <p className="text-slate-700">No notes.</p>
        )}
      </section>
    </div>
  );
}

function RowList({ rows, marked }: { rows: ReportRow[]; marked: Set<string> }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {rows.map((row) => (
        <RowItem key={row.id} row={row} marked={marked.has(row.id)} />
      ))}
    </ul>
  );
}

/** One recorded item: what was checked, the value with its unit, what was required and its verdict in words. */
function RowItem({ row, where, marked }: { row: ReportRow; where?: string; marked: boolean }) {
  return (
    <li
      className={cn('flex items-center justify-between gap-3 p-3', marked && 'bg-amber-50')}
      data-field={row.id}
      data-result={row.result}
    >
      <div className="min-w-0">
        {where ? <p className="text-xs font-semibold text-slate-600">{where}</p> : null}
        <p className="text-sm text-slate-700">
          {row.check}
          {marked ? <strong className="ml-1 text-amber-900">(marked)</strong> : null}
        </p>
        {row.value ? <p className="font-semibold break-words text-slate-900">{row.value}</p> : null}
        {row.expected ? (
          <p className="text-sm text-slate-600">
            {row.expected === 'Required' ? 'Required' : `Required: ${row.expected}`}
          </p>
        ) : null}
      </div>
      <RowVerdict result={row.result} />
    </li>
  );
}

function RowVerdict({ result }: { result: ReportRow['result'] }) {
  if (result === 'pass' || result === 'fail' || result === 'pending') return <StatusBadge status={result} />;
  if (result === 'issue') return <StatusBadge status="pending" label="Raises an issue" />;
  return null;
}

/** The pack's issues list: what, who must act, by when and whether it is resolved. */
function PackIssues({ report }: { report: ReportDetail }) {
  if (!packOf(report.wizardData).issuesList) return null;
  const issues = report.wizardData.cp1?.issues ?? [];
  return (
    <div className="space-y-1">
      <h3 className="text-base font-semibold text-slate-800">Issues</h3>
      {issues.length === 0 ? (
        <p className="text-slate-700">None recorded.</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5">
          {issues.map((i) => (
            <li key={i.id}>
              {i.description} ({ISSUE_OWNER_LABELS[i.owner]}
              {i.due ? `, due ${formatDate(i.due)}` : ''}, {i.resolved ? 'resolved' : 'open'})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import {
  findTestPack,
  ISSUE_OWNER_LABELS,
  missingPhotoTags,
  packMeasurementId,
  packValue,
  testPackName,
  type ReportDetail,
} from '@hiu/domain';
import { ReadingRow } from './reading-row';

/**
 * The test pack that judged a report and, for a pack beyond the standard checklist, its readings by group
 * against the report's own ranges, its required photos and its issues list (docs/product.md#test-packs).
 */
export function PackReadings({ report }: { report: ReportDetail }) {
  const pack = findTestPack(report.testPack);
  const data = report.wizardData;
  const groups = [...new Set((pack?.fields ?? []).map((f) => f.group))];
  const missing = missingPhotoTags(data);
  const issues = data.cp1?.issues ?? [];
  return (
    <section aria-labelledby="pack-heading" className="space-y-3">
      <h2 id="pack-heading" className="text-lg font-bold">
        Test pack
      </h2>
      <p className="text-slate-800">
        {testPackName(report.testPack)}
        {pack ? '' : ' (not known to this version of the app)'}
      </p>
      {groups.map((group) => (
        <div key={group} className="space-y-1">
          <h3 className="text-base font-semibold text-slate-800">{group}</h3>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {pack!.fields
              .filter((f) => f.group === group)
              .map((f) => {
                const v = packValue(data, f);
                const text = v === true ? 'Yes' : v === false ? 'No' : (v ?? '').trim();
                const range = f.range ? report.ranges[packMeasurementId(f)] : undefined;
                return (
                  <ReadingRow
                    key={f.key}
                    field={`cp1.${f.key}`}
                    label={f.label}
                    value={text}
                    unit={f.kind === 'number' ? (f.unit ?? '') : ''}
                    {...(range ? { range } : {})}
                  />
                );
              })}
          </ul>
        </div>
      ))}
      {pack?.photoTags.length ? (
        <p className={missing.length ? 'text-fail' : 'text-slate-800'}>
          {missing.length ? `Required photos missing: ${missing.join(', ')}` : 'Every required photo was taken.'}
        </p>
      ) : null}
      {pack?.issuesList ? (
        <div className="space-y-1">
          <h3 className="text-base font-semibold text-slate-800">Issues</h3>
          {issues.length === 0 ? (
            <p className="text-slate-600">None recorded.</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5">
              {issues.map((i) => (
                <li key={i.id}>
                  {i.description} ({ISSUE_OWNER_LABELS[i.owner]}
                  {i.due ? `, due ${i.due}` : ''}, {i.resolved ? 'resolved' : 'open'})
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}

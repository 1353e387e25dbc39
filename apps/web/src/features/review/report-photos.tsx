import { formatDateTime, type ReportDetail } from '@hiu/domain';

/**
 * The photos whole (never cropped to a square), each opening at full size where it can be zoomed, and the
 * engineer's signature (docs/product.md#review).
 */
export function ReportPhotos({ report }: { report: ReportDetail }) {
  const { photos, signature } = report.wizardData.photosSignature;
  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold text-slate-800">Photos ({photos.length})</h3>
      {photos.length ? (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {photos.map((p, i) => {
            const name = p.label || `Photo ${i + 1}`;
            return (
              <li key={p.id}>
                <figure className="space-y-1">
                  <a
                    href={p.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block rounded-md border border-slate-200 bg-slate-100"
                    aria-label={`${name}: open full size`}
                  >
                    <img src={p.url} alt={name} loading="lazy" className="h-64 w-full object-contain" />
                  </a>
                  <figcaption className="text-sm text-slate-700">
                    {name}
                    {p.takenAt ? ` · taken ${formatDateTime(p.takenAt)}` : ''}
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-slate-700">No photos.</p>
      )}
      <h3 className="text-base font-semibold text-slate-800">Signature</h3>
      {signature ? (
        <img
          src={signature}
          alt={`Signature of ${report.engineerName}`}
          className="h-28 max-w-full rounded-md border border-slate-200 bg-white object-contain"
        />
      ) : (
        <p className="text-slate-700">No signature.</p>
      )}
    </div>
  );
}

import { markableItem } from '@hiu/domain';
import { useSentBackFlat } from '../state/marked-items';

/**
 * A re-test of a flat whose report was sent back (docs/product.md#my-flats): the reviewer's reason and the values
 * marked to check again, at the top of every step, from My flats as last fetched (kept on the phone, so it shows
 * with no signal too). Gone once the new report is in and My flats is fetched again.
 */
export function SentBackNotice() {
  const flat = useSentBackFlat();
  if (!flat) return null;
  return (
    <section
      aria-labelledby="sent-back-heading"
      className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950"
    >
      <h2 id="sent-back-heading" className="font-semibold">
        Sent back: why
      </h2>
      <p className="break-words whitespace-pre-wrap">{flat.reviewReason}</p>
      {flat.reviewFields.length ? (
        <>
          <p className="mt-1 font-semibold">Check again</p>
          <ul className="list-disc pl-5">
            {flat.reviewFields.map((f) => (
              <li key={f}>{markableItem(f)?.label ?? f}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

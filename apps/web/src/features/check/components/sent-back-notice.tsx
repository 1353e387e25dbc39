import { useQuery } from '@tanstack/react-query';
import { markableItem, type MyAssignment } from '@hiu/domain';
import { useWizard } from '../state/wizard-provider';

/**
 * A re-test of a flat whose report was sent back (docs/product.md#my-flats): the reviewer's reason and the values
 * marked to check again, at the top of every step, from My flats as last fetched (kept on the phone, so it shows
 * with no signal too). Gone once the new report is in and My flats is fetched again.
 */
export function SentBackNotice() {
  const { state } = useWizard();
  const propertyId = state.wizardData.propertyId;
  const flats = useQuery<MyAssignment[]>({ queryKey: ['/api/me/assignments'], enabled: propertyId !== '' });
  const flat = flats.data?.find((a) => a.propertyId === propertyId && a.reviewState === 'sent_back');
  if (!flat || state.submittedReportId) return null;
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

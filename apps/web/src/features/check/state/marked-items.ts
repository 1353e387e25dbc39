import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MyAssignment } from '@hiu/domain';
import { useWizard } from './wizard-provider';

/**
 * The flat of this check, when its last report was sent back and this re-test is not yet in: from My flats as
 * last fetched (kept on the phone, so it shows with no signal too; docs/product.md#my-flats).
 */
export function useSentBackFlat(): MyAssignment | undefined {
  const { state } = useWizard();
  const propertyId = state.wizardData.propertyId;
  const flats = useQuery<MyAssignment[]>({ queryKey: ['/api/me/assignments'], enabled: propertyId !== '' });
  const flat = flats.data?.find((a) => a.propertyId === propertyId && a.reviewState === 'sent_back');
  return flat && !state.submittedReportId ? flat : undefined;
}

/** The ids of the items the reviewer marked to check again (markable items: values and answers). */
export function useMarkedItems(): ReadonlySet<string> {
  const flat = useSentBackFlat();
  return useMemo(() => new Set(flat?.reviewFields ?? []), [flat]);
}

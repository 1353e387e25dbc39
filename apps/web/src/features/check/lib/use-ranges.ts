import { useMemo } from 'react';
import { rangesFor, type Ranges } from '@hiu/domain';
import { useWizard } from '../state/wizard-provider';

/**
 * The ranges the check is judged against: the site's design kept with the check, under its test pack. Worked out
 * by the check's screens that judge, not by the check's data layer, so home (which shares that layer for its
 * Unsaved Work notice) loads none of the packs' rules.
 */
export function useRanges(): Ranges {
  const { state } = useWizard();
  const pack = state.wizardData.testPack;
  return useMemo(() => rangesFor(state.siteDesign, pack), [state.siteDesign, pack]);
}

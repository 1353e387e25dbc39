import { useNavigate } from 'react-router';
import { nextStepName, stepByNumber, stepBySlug, type Ranges, type Step, type StepSlug } from '@hiu/domain';
import { useWizard } from '../state/wizard-provider';

/** A step page's bits: the step, the site's ranges and "save a draft and go on" (spec section 4). */
export function useStep(slug: StepSlug): {
  step: Step;
  ranges: Ranges;
  saveAndContinue: () => void;
  goTo: (slug: StepSlug) => void;
} {
  const navigate = useNavigate();
  const { ranges, saveDraft } = useWizard();
  const step = stepBySlug(slug)!;
  return {
    step,
    ranges,
    saveAndContinue: () => {
      const next = stepByNumber(step.number + 1)!;
      // The draft records the step the engineer goes to; the data layer queues it, so we never wait here.
      void saveDraft(nextStepName(slug));
      navigate(`/check/${next.slug}`);
    },
    goTo: (to) => navigate(`/check/${to}`),
  };
}

import { useLocation, useSearch } from 'wouter';
import { nextStepName, stepByNumber, stepBySlug, type Ranges, type Step, type StepSlug } from '@hiu/domain';
import { useWizard } from '../state/wizard-provider';
import { useRanges } from './use-ranges';

/** A step page's bits: the step, the site's ranges and "save a draft and go on" (docs/product.md#check). */
export function useStep(slug: StepSlug): {
  step: Step;
  ranges: Ranges;
  saveAndContinue: () => void;
  /** Records now as when this step was completed (evidence stamp; completing it again moves it). */
  stampCompleted: () => void;
  goTo: (slug: StepSlug) => void;
} {
  const [, navigate] = useLocation();
  // Opened by an Edit link on the review: saving goes back there, not on through the steps.
  const fromReview = new URLSearchParams(useSearch()).get('from') === 'review';
  const { saveDraft, update } = useWizard();
  const ranges = useRanges();
  const step = stepBySlug(slug)!;
  const stampCompleted = () => update((w) => void (w.stepCompletedAt[slug] = new Date().toISOString()));
  return {
    step,
    ranges,
    stampCompleted,
    saveAndContinue: () => {
      const next = fromReview ? stepBySlug('review')! : stepByNumber(step.number + 1)!;
      stampCompleted();
      // The draft records the step the engineer goes to; the data layer queues it, so we never wait here.
      void saveDraft(fromReview ? next.name : nextStepName(slug));
      navigate(`/check/${next.slug}`);
    },
    goTo: (to) => navigate(fromReview && to !== 'review' ? '/check/review' : `/check/${to}`),
  };
}

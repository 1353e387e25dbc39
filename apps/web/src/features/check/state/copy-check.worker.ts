import '../../../zod-without-eval';
import { parseWizardData, parseWizardState } from './wizard-state-schema';
import type { CheckAnswer, CheckRequest } from './schemas';

// Reads stored copies with the schemas, off the page's thread (schemas.ts).
const checks = { parseWizardData, parseWizardState };

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  const { id, check, value } = event.data;
  self.postMessage({ id, result: checks[check](value) } satisfies CheckAnswer);
};

// What the wizard's bars run on a tap (Cancel, Go to first missing field): one chunk, fetched with the first tap
// or when the page is idle (check-routes), not with the step.
export { hasEnteredData } from './entered-data';
export { focusFieldLabelled } from './focus-field';

import { identityFieldsOf, type WizardData } from '@hiu/domain';

// A re-test's device identity rides in the start address as `cp1.<key>`, beside the HIU's model and serial.
const PREFIX = 'cp1.';

/** The device identity (the heat meter's serial ...) the start address carries from the flat's last report. */
export function identityFromParams(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(
    [...params].filter(([k, v]) => k.startsWith(PREFIX) && v !== '').map(([k, v]) => [k.slice(PREFIX.length), v]),
  );
}

/**
 * A re-test starts with the identity of the devices the flat's last report named, each field its pack records
 * and the engineer has not typed yet (docs/product.md#my-flats).
 */
export function fillIdentity(w: WizardData, identity: Readonly<Record<string, string>>) {
  const cp1 = w.cp1 as Record<string, unknown> | undefined;
  if (!cp1) return;
  for (const f of identityFieldsOf(w)) {
    const earlier = identity[f.key];
    if (earlier && !cp1[f.key]) cp1[f.key] = earlier;
  }
}

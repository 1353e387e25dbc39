import { useId, useState } from 'react';
import { formatLocation, type SubmitLocation } from '@hiu/domain';
import type { LocationResult } from '../lib/submit-location';

/**
 * Asks the phone where it is (lib/submit-location), fetched with the first ask: only a tick or Submit asks.
 * Never rejects, like the asking itself.
 */
export function askLocation(timeoutMs?: number): Promise<LocationResult> {
  return import('../lib/submit-location').then(
    ({ currentLocation }) => currentLocation(timeoutMs),
    () => ({ ok: false, message: 'Location not recorded: part of the app could not be loaded. You can still submit.' }),
  );
}

interface LocationOptInProps {
  location: SubmitLocation | null;
  onChange: (location: SubmitLocation | null) => void;
}

/**
 * The engineer's explicit choice to add where they are to the report. Ticking asks the phone at once (so the
 * permission prompt comes now, not at Submit); unticking removes it. Submit takes a fresh position too.
 */
export function LocationOptIn({ location, onChange }: LocationOptInProps) {
  const id = useId();
  const [allowed, setAllowed] = useState(location !== null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = async (on: boolean) => {
    setAllowed(on);
    setProblem(null);
    if (!on) return onChange(null);
    setBusy(true);
    const result = await askLocation();
    setBusy(false);
    if (result.ok) onChange(result.location);
    else setProblem(result.message);
  };

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="flex min-h-12 cursor-pointer items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={allowed}
          onChange={(e) => void toggle(e.target.checked)}
          className="mt-1 size-6 shrink-0 accent-brand-700"
          aria-describedby={`${id}-status`}
        />
        <span className="text-base text-slate-800">
          <span className="font-semibold">Record my location with this report</span>
          <span className="block text-sm text-slate-600">Optional. Taken when you submit; nothing is tracked.</span>
        </span>
      </label>
      <p id={`${id}-status`} role="status" aria-live="polite" className="text-sm text-slate-700">
        {busy
          ? 'Finding your location...'
          : problem
            ? problem
            : allowed && location
              ? `Location: ${formatLocation(location)}`
              : ''}
      </p>
    </div>
  );
}

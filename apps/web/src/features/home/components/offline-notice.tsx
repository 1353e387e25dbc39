import { useOfflineAsOf } from '../../../lib/offline-status';

/** "14:05" today, "Mon 23 Nov, 14:05" before. */
function when(iso: string, now = new Date()): string {
  const d = new Date(iso);
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  if (d.toDateString() === now.toDateString()) return time;
  return `${d.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' })}, ${time}`;
}

/** Shown while home lists what the phone kept because the server cannot be reached. */
export function OfflineNotice() {
  const asOf = useOfflineAsOf();
  if (!asOf) return null;
  return (
    <p
      role="status"
      data-testid="offline-as-of"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-slate-900"
    >
      <span className="font-semibold">Offline, as of {when(asOf)}.</span> Sites, properties and your drafts are as this
      phone last saw them; checks you start or resume are kept here and sent when the signal is back.
    </p>
  );
}

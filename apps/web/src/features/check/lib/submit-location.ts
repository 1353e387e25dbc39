import type { SubmitLocation } from '@hiu/domain';

/** What became of asking the phone where it is: a position, or a plain reason why not. */
export type LocationResult = { ok: true; location: SubmitLocation } | { ok: false; message: string };

const MESSAGES: Record<number, string> = {
  1: 'Location not recorded: permission was refused. You can still submit.',
  2: 'Location not recorded: the phone could not find its position. You can still submit.',
  3: 'Location not recorded: finding the position took too long. You can still submit.',
};

/**
 * One position from the browser, never rejecting and never taking longer than `timeoutMs`, so asking
 * for the location can never hold up a submit.
 */
export function currentLocation(timeoutMs = 8000): Promise<LocationResult> {
  const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geo) return Promise.resolve({ ok: false, message: 'Location not recorded: this browser cannot give one.' });
  return new Promise((resolve) => {
    // Some browsers never call back while their permission prompt is open: our own deadline wins.
    const timer = setTimeout(() => resolve({ ok: false, message: MESSAGES[3]! }), timeoutMs + 500);
    geo.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({
          ok: true,
          location: {
            latitude: p.coords.latitude,
            longitude: p.coords.longitude,
            accuracy: p.coords.accuracy,
            at: new Date(p.timestamp || Date.now()).toISOString(),
          },
        });
      },
      (e) => {
        clearTimeout(timer);
        resolve({ ok: false, message: MESSAGES[e.code] ?? MESSAGES[2]! });
      },
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import { PushNotTurnedOn, pushIsOnHere, pushSupported, serverPushKey, turnOffPush, turnOnPush } from './push';

type Here = 'loading' | 'unavailable' | 'blocked' | 'on' | 'off';

/** Where push stands for this person on this browser; `unavailable` also when the server sends none. */
function usePushHere(userId: string | undefined): [Here, (h: Here) => void] {
  const [here, setHere] = useState<Here>('loading');
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const settle = (h: Here) => live && setHere(h);
    if (!pushSupported()) settle('unavailable');
    else
      void serverPushKey()
        .then(async (key) => {
          if (!key) return settle('unavailable');
          if (Notification.permission === 'denied') return settle('blocked');
          settle((await pushIsOnHere(userId)) ? 'on' : 'off');
        })
        .catch(() => settle('unavailable'));
    return () => {
      live = false;
    };
  }, [userId]);
  return [here, setHere];
}

const why = (err: unknown) =>
  err instanceof PushNotTurnedOn ? err.message : 'Could not change that. Check the connection and try again.';

const BLOCKED =
  "Notifications are blocked for this app. Allow them in the browser's or the phone's settings, then come back here.";

/**
 * "On this phone" on the Notifications screen (docs/product.md#push-notifications): whether this phone shows
 * a notification for each new entry, with a button to turn it on (the browser asks first) or off.
 */
export function PushCard() {
  const { user } = useSession();
  const [here, setHere] = usePushHere(user?.id);
  const [busy, setBusy] = useState(false);
  if (!user || here === 'loading' || here === 'unavailable') return null;
  const change = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) await turnOnPush(user.id);
      else await turnOffPush(user.id);
      setHere(on ? 'on' : 'off');
      notify.success(on ? 'Notifications are on for this phone' : 'Notifications are off for this phone');
    } catch (err) {
      if (Notification.permission === 'denied') setHere('blocked');
      notify.error(why(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card aria-labelledby="push-heading" className="space-y-2">
      <h2 id="push-heading" className="text-xl font-bold">
        On this phone
      </h2>
      {here === 'blocked' ? (
        <p className="text-slate-700">{BLOCKED}</p>
      ) : here === 'on' ? (
        <>
          <p className="text-slate-700">
            This phone shows a notification for each new entry above, even when the app is closed.
          </p>
          <Button variant="secondary" disabled={busy} onClick={() => void change(false)}>
            Turn off on this phone
          </Button>
        </>
      ) : (
        <>
          <p className="text-slate-700">
            Get a notification on this phone when flats are assigned to you or a report of yours is sent back.
          </p>
          <Button disabled={busy} onClick={() => void change(true)}>
            Turn on notifications
          </Button>
        </>
      )}
    </Card>
  );
}

const dismissedKey = (userId: string) => `hiu-push-offer-dismissed:${userId}`;

/**
 * The offer on an engineer's home: asked once, in the app's own words, before the browser's question; "Not now"
 * puts it away (the Notifications screen still has the switch).
 */
export function PushOffer() {
  const { user } = useSession();
  const [here, setHere] = usePushHere(user?.id);
  const [busy, setBusy] = useState(false);
  const [dismissed, setDismissed] = useState(() => !!user && localStorage.getItem(dismissedKey(user.id)) === '1');
  if (!user || dismissed || here !== 'off' || Notification.permission !== 'default') return null;
  const turnOn = async () => {
    setBusy(true);
    try {
      await turnOnPush(user.id);
      setHere('on');
      notify.success('Notifications are on for this phone');
    } catch (err) {
      notify.error(why(err));
      if (Notification.permission === 'denied') setHere('blocked');
    } finally {
      setBusy(false);
    }
  };
  const notNow = () => {
    localStorage.setItem(dismissedKey(user.id), '1');
    setDismissed(true);
  };
  return (
    <Card aria-labelledby="push-offer-heading" className="space-y-2">
      <h2 id="push-offer-heading" className="text-lg font-bold">
        Be told on this phone
      </h2>
      <p className="text-slate-700">
        Get a notification when flats are assigned to you or a report of yours is sent back, even with the app closed.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={() => void turnOn()}>
          Turn on notifications
        </Button>
        <Button variant="secondary" onClick={notNow}>
          Not now
        </Button>
      </div>
    </Card>
  );
}

/* global self */
// Push notifications (docs/product.md#push-notifications), loaded into the app's service worker. Every push is
// shown as a notification: a push that shows nothing makes iOS drop the subscription. Tapping it opens what the
// entry is about, in the app's window when one is open.
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = message.title || 'HIU Commissioning';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message.body || 'Open the app to see what is new.',
      tag: message.id,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { link: message.link || '/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL(event.notification.data?.link || '/notifications', self.location.origin);
  // Only the app's own pages: a link is never a way out of it.
  const target = link.origin === self.location.origin ? link.href : self.location.origin + '/notifications';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => (w ?? open).navigate(target));
      return self.clients.openWindow(target);
    }),
  );
});

// The client's service worker: it shows the notifications the server pushes (docs/notifications.md) while no page
// of the client need be open, and opens the game's page on a click. A push's data is the notification as the
// server builds it: {title, body, url, tag, language, ...}, its words already in the player's language.

self.addEventListener('push', (event) => {
  const notice = event.data ? event.data.json() : {};
  const shown = self.registration.showNotification(notice.title || 'dogpark', {
    body: notice.body || '',
    // A newer notification of the same game replaces the one shown.
    tag: notice.tag,
    lang: notice.language,
    data: { url: notice.url || '/' },
  });
  event.waitUntil(shown);
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil((async () => {
    const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = pages.find((page) => new URL(page.url).origin === self.location.origin);
    if (open) {
      await open.focus();
      return open.navigate(target);
    }
    return self.clients.openWindow(target);
  })());
});

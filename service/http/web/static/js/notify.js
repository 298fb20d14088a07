// "Notify me": the player's turns pushed to this browser while no page of the client is open (docs/notifications.md).
// The button registers the client's service worker (/sw.js), asks for the permission to notify, subscribes with the
// server's VAPID key (GET /v1/push/key) and registers the subscription for the player, in the page's language.

import { api, ensurePlayer } from './api.js';
import { currentLanguage, t } from './i18n.js';
import { notify } from './ui.js';

/** Whether this browser can receive pushes at all (a secure context with service workers and the Push API). */
export function pushSupported() {
  return window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** A base64url text as the bytes PushManager.subscribe() takes for its key. */
function keyBytes(text) {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

/** The client's service worker, registered (again) and active. */
export async function registerWorker() {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** Ask for the permission, subscribe, and register the subscription for the player (made first if none). */
export async function subscribe() {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(t('notify.denied'));
  const registration = await registerWorker();
  const { public_key: key } = await api('GET', '/v1/push/key');
  const subscription = (await registration.pushManager.getSubscription())
    || (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  const player = await ensurePlayer();
  const body = { ...subscription.toJSON(), language: currentLanguage() };
  return api('POST', '/v1/players/me/push-subscriptions', { token: player.token, body });
}

/** The header's "notify me" button: hidden where pushes cannot come; on while this browser is subscribed. */
export async function setUpNotifyMe(button) {
  if (!pushSupported()) return;
  button.hidden = false;
  const show = (on) => {
    button.setAttribute('aria-pressed', String(on));
    button.textContent = t(on ? 'notify.on' : 'notify.button');
  };
  const registration = await navigator.serviceWorker.getRegistration('/');
  show(Boolean(await registration?.pushManager.getSubscription()) && Notification.permission === 'granted');
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await subscribe();
      show(true);
      notify(t('notify.subscribed'));
    } catch (error) {
      notify(t('notify.failed', { reason: error.message || String(error) }), 'error');
    } finally {
      button.disabled = false;
    }
  });
}
